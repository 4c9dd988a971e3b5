import GRDB
import SplitCore

/// Keeps `balance_total` right during a bulk import without paying its triggers per row.
///
/// The triggers cost about two thirds of an expense insert. For a large import they are
/// dropped inside the import's transaction, the rows go in while their contributions are
/// summed in memory (exactly as the triggers would add them), the sums are added to
/// `balance_total` once per member and currency, and the triggers are recreated from the very
/// SQL the schema holds, before the same transaction commits. Other connections never see the
/// schema without them, and a failure rolls all of it back.
final class BulkTotals {
    /// Below this many expenses and payments the per-row triggers are cheaper than a recompute.
    static let threshold = 500

    private static let triggers = ["split_insert", "payment_insert"]
    /// Page cache for the import, in KiB: large enough that a 100,000-expense transaction never
    /// spills pages to the WAL and reads them back.
    private static let cacheKiB = 262_144

    private let saved: [(name: String, sql: String)]
    private let cacheSize: Int

    private init(saved: [(name: String, sql: String)], cacheSize: Int) {
        self.saved = saved
        self.cacheSize = cacheSize
    }

    /// Drops the insert triggers, remembering their definitions, and enlarges the page cache.
    static func suspend(_ db: Database) throws -> BulkTotals {
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (\(triggers.map { "'\($0)'" }.joined(separator: ", ")))
            """)
        let saved = rows.map { (name: $0["name"] as String, sql: $0["sql"] as String) }
        for trigger in saved { try db.execute(sql: "DROP TRIGGER \(trigger.name)") }
        return BulkTotals(saved: saved, cacheSize: cacheSize)
    }

    /// Puts the connection's page cache back to its size before the import.
    func restoreCacheSize(_ db: Database) {
        try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
    }

    /// Adds one imported expense's contributions, as the insert triggers would have for its
    /// rows: each payer's part of each share (``SplitCore/PayerParts``).
    func add(_ expense: Expense, trip: TripID) {
        let currency = expense.amount.currency.code
        for part in PayerParts.parts(of: expense) {
            let payer = part.payer.memberID
            var received: Int64 = 0
            for split in part.splits {
                post(trip, split.memberID, currency, share: split.amount, made: split.isPaid ? split.amount : 0)
                if split.isPaid { received += split.amount }
            }
            post(trip, payer, currency, paid: part.payer.amount, received: received)
        }
    }

    /// Adds one imported payment's contributions.
    func addPayment(from: MemberID, to: MemberID, amount: Money, trip: TripID) {
        post(trip, from, amount.currency.code, made: amount.minorUnits)
        post(trip, to, amount.currency.code, received: amount.minorUnits)
    }

    /// Adds the collected totals to `balance_total` and puts the triggers back.
    func resume(_ db: Database) throws {
        let upsert = try RowInserter(db, sql: BalanceTotalRecord.addSQL)
        for (key, sum) in sums.sorted(by: { ($0.key.trip, $0.key.member, $0.key.currency) < ($1.key.trip, $1.key.member, $1.key.currency) }) {
            try upsert.run([.text(key.trip), .text(key.member), .text(key.currency),
                            .int(sum.paid), .int(sum.share), .int(sum.made), .int(sum.received)])
        }
        for trigger in saved { try db.execute(sql: trigger.sql) }
    }

    private struct Key: Hashable {
        let trip: String
        let member: String
        let currency: String
    }

    private struct Sum {
        var paid: Int64 = 0
        var share: Int64 = 0
        var made: Int64 = 0
        var received: Int64 = 0
    }

    private var sums: [Key: Sum] = [:]

    private func post(_ trip: TripID, _ member: MemberID, _ currency: String,
                      paid: Int64 = 0, share: Int64 = 0, made: Int64 = 0, received: Int64 = 0) {
        let key = Key(trip: trip.rawValue, member: member.rawValue, currency: currency)
        var sum = sums[key, default: Sum()]
        sum.paid += paid
        sum.share += share
        sum.made += made
        sum.received += received
        sums[key] = sum
    }
}
