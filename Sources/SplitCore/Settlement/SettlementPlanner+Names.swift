extension SettlementPlanner {
    /// The plan for one currency's balances, with every tie broken by member *name* order
    /// instead of by id, and sorted by (from name, to name).
    ///
    /// Ids differ between a local trip and its copy on a server, while names and amounts are
    /// the same; planning on name-order positions is what makes `split settle` and the server's
    /// balances endpoint give the same transfers for the same trip. Members with equal names
    /// (case-insensitively) fall back to id order.
    public static func plan(_ balances: CurrencyBalances, names: MemberDirectory) throws(SettlementError) -> [Transfer] {
        let ordered = names.sortedByName(balances.balances.map(\.memberID))
        var position: [MemberID: MemberID] = [:]
        var original: [MemberID: MemberID] = [:]
        for (index, id) in ordered.enumerated() where position[id] == nil {
            // Zero-padded so that the planner's id order is the name order.
            let digits = String(index)
            let surrogate = MemberID(String(repeating: "0", count: max(0, 12 - digits.count)) + digits)
            position[id] = surrogate
            original[surrogate] = id
        }
        let nets = balances.balances.map { MemberNet(memberID: position[$0.memberID]!, net: $0.net) }
        return try plan(nets)
            .map { Transfer(from: original[$0.from]!, to: original[$0.to]!, amount: $0.amount) }
            .sorted { lhs, rhs in
                lhs.from != rhs.from ? names.inNameOrder(lhs.from, rhs.from) : names.inNameOrder(lhs.to, rhs.to)
            }
    }
}
