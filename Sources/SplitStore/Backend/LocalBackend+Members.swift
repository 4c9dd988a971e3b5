import GRDB
import SplitCore

extension LocalBackend {
    public func members(trip: TripID) async throws -> [Member] {
        try database.read { db in try MemberRecord.members(db, trip: trip) }
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

    /// Member `id` moves out from `date` on (`member leave`), or with nil comes back.
    public func setDeparture(_ id: MemberID, from date: CivilDate?, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in
            try writer.apply(.setDeparture(id, from: date))
        }
    }

    /// When each live member who moved out left.
    public func departures(trip: TripID) async throws -> [MemberID: CivilDate] {
        try database.read { db in try MemberRecord.departures(db, trip: trip) }
    }
}
