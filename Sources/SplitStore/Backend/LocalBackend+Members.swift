import GRDB
import SplitCore

extension LocalBackend {
    public func members(trip: TripID) async throws -> [Member] {
        try database.read { db in try members(db, trip: trip) }
    }

    /// Live members in name order.
    func members(_ db: Database, trip: TripID) throws -> [Member] {
        try Row.fetchAll(
            db, sql: "SELECT id, name FROM member WHERE trip_id = ? AND removed_at IS NULL ORDER BY name_key, id",
            arguments: [trip.rawValue]
        ).map { row in
            let stored = StoredRow(row, table: "member")
            return Member(id: MemberID(try stored.text(0, "id")), name: try stored.text(1, "name"))
        }
    }

    @discardableResult
    public func addMembers(_ members: [Member], trip: TripID, at: Timestamp) async throws -> [Member] {
        try write(trip, at: at) { writer in
            try writer.addMembers(members)
        }
    }

    public func renameMember(_ id: MemberID, to newName: String, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.renameMember(id, to: newName))
        }
    }

    public func removeMember(_ id: MemberID, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.removeMember(id))
        }
    }

    func liveMemberName(_ db: Database, _ id: MemberID, trip: TripID) throws -> String {
        guard let name = try String.fetchOne(
            db, sql: "SELECT name FROM member WHERE id = ? AND trip_id = ? AND removed_at IS NULL",
            arguments: [id.rawValue, trip.rawValue]) else {
            throw StoreError.notFound("member \(id.short) is not in this trip")
        }
        return name
    }
}
