/// The split as a person gave it, kept beside an expense so that an edit of the amount can
/// divide it again the same way (equal among whom, percentages or shares), and `expense show`
/// can say how it was split.
///
/// It is a hint, never the truth: the truth is the expense's exact splits. A kept rule counts
/// only while it still gives exactly those splits for the expense's amount
/// (``reproduces(_:amount:)``); once anything else (another client, an import, a pulled
/// version) changed the splits, it no longer does, and the expense reads as exact amounts.
extension SplitRule {
    /// Whether dividing `amount` by this rule gives exactly `splits`: the same members with
    /// the same amounts, in any order (paid marks aside).
    public func reproduces(_ splits: [ExpenseSplit], amount: Money) -> Bool {
        (try? check(gives: splits, amount: amount)) != nil
    }

    /// The one rule split-server and a command's write apply to a split as given: it must be a
    /// valid rule for `amount` (its own error otherwise) and give exactly `splits`
    /// (``SplitError/givenSplitMismatch``).
    public func check(gives splits: [ExpenseSplit], amount: Money) throws(SplitError) {
        let computed = try SplitAllocator.splits(amount: amount, rule: self)
        guard computed.count == splits.count else { throw .givenSplitMismatch }
        var wanted: [MemberID: Int64] = [:]
        for split in splits { wanted[split.memberID] = split.amount }
        guard computed.allSatisfy({ wanted[$0.memberID] == $0.amount }) else { throw .givenSplitMismatch }
    }

    /// Every member the rule names (parts, the bill's `among` and its items'), each once, in
    /// order of first mention: all must be members of the trip.
    public var members: [MemberID] {
        var seen = Set<MemberID>()
        var ordered: [MemberID] = []
        func note(_ list: [MemberID]) { for member in list where seen.insert(member).inserted { ordered.append(member) } }
        switch self {
        case .equal(let members): note(members)
        case .exact(let parts): note(parts.map(\.memberID))
        case .percent(let parts), .shares(let parts): note(parts.map(\.memberID))
        case .itemized(let bill):
            note(bill.among)
            for item in bill.items { note(item.among) }
        }
        return ordered
    }

    /// Whether the rule divides any amount: exact amounts fit one amount only, so an edit of
    /// the amount must give them again; so do items, unless the tip is the rest.
    public var divisible: Bool {
        switch self {
        case .exact: return false
        case .itemized(let bill): return bill.followsAmount
        default: return true
        }
    }

    /// The same rule with every member replaced by `map`'s answer (nil when any has none):
    /// a rule read from a file names the file's members, and the trip's are others.
    public func mappingMembers(_ map: (MemberID) -> MemberID?) -> SplitRule? {
        func ids(_ members: [MemberID]) -> [MemberID]? {
            let mapped = members.compactMap(map)
            return mapped.count == members.count ? mapped : nil
        }
        switch self {
        case .equal(let members):
            return ids(members).map(SplitRule.equal)
        case .exact(let parts):
            return ids(parts.map(\.memberID)).map { .exact(zip($0, parts).map { MemberAmount(memberID: $0, amount: $1.amount) }) }
        case .percent(let parts):
            return ids(parts.map(\.memberID)).map { .percent(zip($0, parts).map { MemberWeight(memberID: $0, weight: $1.weight) }) }
        case .shares(let parts):
            return ids(parts.map(\.memberID)).map { .shares(zip($0, parts).map { MemberWeight(memberID: $0, weight: $1.weight) }) }
        case .itemized(var bill):
            guard let among = ids(bill.among) else { return nil }
            var items: [BillItem] = []
            for item in bill.items {
                guard let members = ids(item.among) else { return nil }
                items.append(BillItem(name: item.name, price: item.price, among: members))
            }
            bill.among = among
            bill.items = items
            return .itemized(bill)
        }
    }

    /// The form an expense keeps (``Expense/splitGiven``): nil for an equal split, which the
    /// splits themselves show, so a trip of equal splits keeps nothing more, on any device.
    public var kept: SplitRule? { isEqual ? nil : self }

    /// Whether it is an equal split: the one way of splitting that the shares themselves show.
    public var isEqual: Bool {
        if case .equal = self { return true }
        return false
    }
}
