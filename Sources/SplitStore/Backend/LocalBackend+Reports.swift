import GRDB
import SplitCore

extension LocalBackend {
    /// Balances from the trigger-maintained `balance_total` rows: a few rows per member, so
    /// this costs the same for 10 expenses or 100,000. Every live member is listed in every
    /// currency that has activity, ordered by name.
    public func balances(trip: TripID) async throws -> [CurrencyBalances] {
        try database.read { db in
            let members = try String.fetchAll(
                db, sql: "SELECT id FROM member WHERE trip_id = ? AND removed_at IS NULL ORDER BY name_key, id",
                arguments: [trip.rawValue]
            ).map(MemberID.init)
            var totals: [String: [MemberID: MemberBalance]] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT currency, member_id, paid, share, made, received FROM balance_total
                WHERE trip_id = ? AND (paid <> 0 OR share <> 0 OR made <> 0 OR received <> 0)
                """, arguments: [trip.rawValue])
            for row in rows {
                let member = MemberID(row[1] as String)
                let balance = MemberBalance(
                    memberID: member, totalPaid: row[2], totalShare: row[3], paymentsMade: row[4], paymentsReceived: row[5])
                guard Int128(balance.net) == balance.exactNet else { throw MoneyError.overflow }
                totals[row[0], default: [:]][member] = balance
            }
            return try totals.keys.sorted().map { code in
                let byMember = totals[code] ?? [:]
                var list = members.map { byMember[$0] ?? MemberBalance(memberID: $0) }
                // A removed member can only hold zeros, but never drop money if one does not.
                for (id, balance) in byMember.sorted(by: { $0.key < $1.key }) where !members.contains(id) {
                    list.append(balance)
                }
                return CurrencyBalances(currency: try Currency(code: code), balances: list)
            }
        }
    }

    public func categoryTotals(trip: TripID) async throws -> [CategoryTotal] {
        try database.read { db in
            var currencies = CurrencyCache()
            return try Row.fetchAll(db, sql: """
                SELECT category, currency, SUM(amount), COUNT(*) FROM expense
                WHERE trip_id = ? AND deleted_at IS NULL GROUP BY category, currency ORDER BY currency, category
                """, arguments: [trip.rawValue]
            ).map { row in
                CategoryTotal(category: Category(name: row[0]) ?? .other, currency: try currencies.currency(row[1]),
                              total: row[2], count: row[3])
            }
        }
    }

    public func activity(trip: TripID, limit: Int) async throws -> [ActivityEntry] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT seq, at, action, summary, undone_at FROM activity WHERE trip_id = ? ORDER BY seq DESC LIMIT ?
                """, arguments: [trip.rawValue, limit]
            ).map(Self.entry)
        }
    }

    static func entry(_ row: Row) -> ActivityEntry {
        ActivityEntry(sequence: row[0], at: .stored(row[1]), action: row[2], summary: row[3],
                      undoneAt: (row[4] as String?).map(Timestamp.stored))
    }
}
