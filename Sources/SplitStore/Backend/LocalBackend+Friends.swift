import GRDB
import SplitCore

extension LocalBackend {
    /// Every trip with its members, you, claims, balances and rates, in trip name order: one
    /// read transaction of seven fixed statements, whatever the number of trips. Balances
    /// come from the trigger-maintained `balance_total` rows, so a trip of 100,000 expenses
    /// costs what one of ten does.
    ///
    /// `meName` is this device's `me.name` setting; you in each trip follow the same rule as
    /// in ``scope(reference:meName:)`` (``Me/resolve(choice:claimed:link:named:members:)``).
    public func yourTrips(meName: String?) async throws -> [YourTrip] {
        try database.read { db in
            let trips = try TripRecord.order(TripRecord.Columns.nameKey, TripRecord.Columns.id).fetchAll(db).map(\.trip)
            var members: [TripID: [Member]] = [:]
            for row in try Row.fetchAll(db, MemberRecord.liveInEveryTrip) {
                let trip = TripID(try StoredRow(row, table: MemberRecord.databaseTableName).text(MemberRecord.Columns.tripID))
                members[trip, default: []].append(try MemberRecord(row: row).member)
            }
            var totals: [TripID: [Row]] = [:]
            for row in try Row.fetchAll(db, BalanceTotalRecord.nonZeroInEveryTrip) {
                totals[TripID(try BalanceTotalRecord.stored(row).text(BalanceTotalRecord.Columns.tripID)), default: []].append(row)
            }
            var links: [TripID: TripLink] = [:]
            for row in try Row.fetchAll(db, sql: TripLinkRecord.all) {
                let link = try TripLinkRecord(row: row).link
                links[link.trip] = link
            }
            var choices: [TripID: Me.DeviceChoice] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT t.trip_id, m.id, m.name FROM trip_me t LEFT JOIN member m ON m.id = t.member_id AND m.removed_at IS NULL
                """) {
                choices[TripID(row["trip_id"] as String)] = Self.deviceChoice(id: row["id"], name: row["name"])
            }
            var claims: [TripID: [(member: MemberID, account: String)]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT c.trip_id, c.member_id, c.account FROM member_claim c
                JOIN member m ON m.id = c.member_id AND m.removed_at IS NULL
                """) {
                claims[TripID(row["trip_id"] as String), default: []]
                    .append((member: MemberID(row["member_id"] as String), account: row["account"] as String))
            }
            var rates: [TripID: [String: ExchangeRate]] = [:]
            for row in try Row.fetchAll(db, TripRateRecord.all()) {
                let trip = TripID(try StoredRow(row, table: TripRateRecord.databaseTableName, idColumn: TripRateRecord.Columns.tripID)
                    .text(TripRateRecord.Columns.tripID))
                let record = try TripRateRecord(row: row)
                rates[trip, default: [:]][record.currency] = record.rate
            }
            return try trips.map { trip in
                let live = members[trip.id] ?? []
                let link = links[trip.id]
                let claimed = claims[trip.id] ?? []
                // The link's account's claim, first in name order, as the single-trip read orders it.
                let mine = Set(claimed.filter { $0.account == link?.account }.map(\.member))
                let me = Me.resolve(choice: choices[trip.id] ?? .unsaid, claimed: live.first(where: { mine.contains($0.id) }),
                                    link: link, named: meName, members: live)
                var accounts: [MemberID: String] = [:]
                if let link {
                    for claim in claimed { accounts[claim.member] = link.server + " " + claim.account }
                }
                return YourTrip(trip: trip, members: live, me: me, accounts: accounts,
                                balances: try balances(db, trip: trip.id, members: live.map(\.id), rows: totals[trip.id] ?? []),
                                rates: rates[trip.id] ?? [:])
            }
        }
    }
}
