import GRDB
import SplitCore

extension LocalBackend {
    public func members(trip: TripID) async throws -> [Member] {
        try database.read { db in try members(db, trip: trip) }
    }

    /// Live members in name order.
    func members(_ db: Database, trip: TripID) throws -> [Member] {
        try MemberRecord.fetchAll(db, sql: MemberRecord.liveOfTrip, arguments: ["trip": trip.rawValue]).map(\.member)
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
        guard let name = try MemberRecord.live(id, trip: trip).fetchOne(db)?.name else {
            throw StoreError.notFound("member \(id.short) is not in this trip")
        }
        return name
    }
}
