import GRDB
import SplitCore

/// The member reads that the backend, the writer and the sync share: each takes the
/// transaction it runs in, so none of them needs a store object.
extension MemberRecord {
    /// Live members in name order.
    static func members(_ db: Database, trip: TripID) throws -> [Member] {
        try fetchAll(db, sql: liveOfTrip, arguments: ["trip": trip.rawValue]).map(\.member)
    }

    /// The day each live member who moved out left (`member leave`).
    static func departures(_ db: Database, trip: TripID) throws -> [MemberID: CivilDate] {
        var departures: [MemberID: CivilDate] = [:]
        for row in try Row.fetchAll(db, sql: departuresOfTrip, arguments: ["trip": trip.rawValue]) {
            let text: String = row["left_on"]
            guard let date = CivilDate(parsing: text) else {
                throw StoreError.unreadable(table: databaseTableName, id: row["id"], column: "left_on", value: text,
                                            expected: "a date YYYY-MM-DD")
            }
            departures[MemberID(row["id"] as String)] = date
        }
        return departures
    }

    /// Member names by id: live members only, or with `includingRemoved` also removed ones
    /// (for log lines about older expenses).
    static func names(_ db: Database, trip: TripID, includingRemoved: Bool = false) throws -> [MemberID: String] {
        var names: [MemberID: String] = [:]
        let members = try fetchCursor(db, sql: includingRemoved ? everyOfTrip : liveOfTrip, arguments: ["trip": trip.rawValue])
        while let member = try members.next() {
            names[member.id] = member.name
        }
        return names
    }

    /// The name of live member `id`; throws when the trip has no such live member.
    static func liveName(_ db: Database, _ id: MemberID, trip: TripID) throws -> String {
        guard let name = try live(id, trip: trip).fetchOne(db)?.name else {
            throw StoreError.notFound("member \(id.short) is not in this trip")
        }
        return name
    }
}
