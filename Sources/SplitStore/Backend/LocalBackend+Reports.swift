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
            var currencies = CurrencyCache()
            var codes: [String: Currency] = [:]
            for row in rows {
                let stored = StoredRow(row, table: "balance_total", idColumn: 1)
                let code = try stored.text(0, "currency")
                do {
                    codes[code] = try stored.currency(0, "currency", cache: &currencies)
                } catch {
                    throw try Self.sourceOfCurrency(db, code, trip: trip) ?? error
                }
                let member = MemberID(try stored.text(1, "member_id"))
                let balance = MemberBalance(
                    memberID: member, totalPaid: try stored.integer(2, "paid"), totalShare: try stored.integer(3, "share"),
                    paymentsMade: try stored.integer(4, "made"), paymentsReceived: try stored.integer(5, "received"))
                guard Int128(balance.net) == balance.exactNet else { throw MoneyError.overflow }
                totals[code, default: [:]][member] = balance
            }
            return totals.keys.sorted().map { code in
                let byMember = totals[code] ?? [:]
                var list = members.map { byMember[$0] ?? MemberBalance(memberID: $0) }
                // A removed member can only hold zeros, but never drop money if one does not.
                for (id, balance) in byMember.sorted(by: { $0.key < $1.key }) where !members.contains(id) {
                    list.append(balance)
                }
                return CurrencyBalances(currency: codes[code]!, balances: list)
            }
        }
    }

    /// The error naming the expense or payment whose stored currency `code` is unreadable: the
    /// balance totals only copy it, and a person can find and fix the row it came from.
    static func sourceOfCurrency(_ db: Database, _ code: String, trip: TripID) throws -> StoreError? {
        for table in ["expense", "payment"] {
            if let row = try Row.fetchOne(db, sql: "SELECT id, currency FROM \(table) WHERE trip_id = ? AND currency = ? LIMIT 1",
                                          arguments: [trip.rawValue, code]) {
                return StoredRow(row, table: table).unreadable(1, "currency", expected: "an ISO 4217 currency code")
            }
        }
        return nil
    }

    public func categoryTotals(trip: TripID) async throws -> [CategoryTotal] {
        try database.read { db in
            var currencies = CurrencyCache()
            // MIN(id) names a row to repair when a group's category or currency is unreadable.
            return try Row.fetchAll(db, sql: """
                SELECT MIN(id), category, currency, SUM(amount), COUNT(*) FROM expense
                WHERE trip_id = ? AND deleted_at IS NULL GROUP BY category, currency ORDER BY currency, category
                """, arguments: [trip.rawValue]
            ).map { row in
                let stored = StoredRow(row, table: "expense")
                return CategoryTotal(category: try stored.category(1, "category"),
                                     currency: try stored.currency(2, "currency", cache: &currencies),
                                     total: try stored.integer(3, "amount"), count: row[4])
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

    /// An activity entry from a row of `seq, at, action, summary, undone_at`.
    static func entry(_ row: Row) throws -> ActivityEntry {
        let stored = StoredRow(row, table: "activity")
        return ActivityEntry(sequence: try stored.integer(0, "seq"), at: try stored.timestamp(1, "at"),
                             action: try stored.text(2, "action"), summary: try stored.text(3, "summary"),
                             undoneAt: try stored.optionalTimestamp(4, "undone_at"))
    }
}
