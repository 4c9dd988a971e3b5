import Foundation
import PostgresNIO
import SplitCore

extension MemberRepository {
    /// Sets (nil: clears) the day `member` moved out, at `revision`, so the feed sends the
    /// member again; ``MemberError/notFound(member:)`` if the group has no such member.
    func setDeparture(_ member: UUID, group: UUID, leftOn: CivilDate?, revision: Int64, on connection: PostgresConnection)
        async throws {
        let rows = try await connection.query("""
            UPDATE members SET left_on = \(leftOn?.description)::date, revision = \(revision)
            WHERE id = \(member) AND group_id = \(group) RETURNING id
            """, logger: database.logger)
        for try await _ in rows { return }
        throw MemberError.notFound(member: member)
    }
}
