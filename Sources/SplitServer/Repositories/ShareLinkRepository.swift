import Foundation
import PostgresNIO
import SplitCore

/// The group a live read-only link opens, with its revision (the page cache's key).
struct SharedGroup: Sendable, Equatable {
    let id: UUID
    let name: String
    /// nil for a Node group, which states none.
    let currency: Currency?
    let revision: Int64
}

/// Read-only links (`share_links`): at most one per group, its token stored only as a SHA-256.
///
/// A token is 192 bits from the system's secure random source (`SystemRandomNumberGenerator`
/// reads getrandom(2)), written in base64url: 32 characters. The hash is taken by PostgreSQL,
/// as for login tokens (``UserRepository``), so no digest code lives in the server. The caller
/// has checked that the user may use the group; any member may share and revoke.
struct ShareLinkRepository: Sendable {
    let database: ServerDatabase
    let dependencies: ServerDependencies

    /// Longest token text looked up; anything longer is a miss without a query.
    static let maxTokenLength = 64

    /// A new link for `group` and when it was made; ``ShareLinkError/alreadyShared`` if it has one.
    func create(group: UUID, by user: UUID) async throws -> (token: String, createdAt: Date) {
        var generator = SystemRandomNumberGenerator()
        let token = UserRepository.base64URL((0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        let now = dependencies.now()
        let rows = try await database.query("""
            INSERT INTO share_links (group_id, token_hash, created_by_user_id, created_at)
            VALUES (\(group), sha256(convert_to(\(token), 'UTF8')), \(user), \(now))
            ON CONFLICT (group_id) DO NOTHING RETURNING created_at
            """)
        for try await created in rows.decode(Date.self) { return (token, created) }
        throw ShareLinkError.alreadyShared
    }

    /// When the group's link was made; ``ShareLinkError/noLink`` if it has none.
    func createdAt(group: UUID) async throws -> Date {
        for try await created in try await database.query(
            "SELECT created_at FROM share_links WHERE group_id = \(group)").decode(Date.self) {
            return created
        }
        throw ShareLinkError.noLink
    }

    /// Deletes the group's link, so its token opens nothing; ``ShareLinkError/noLink`` if it has none.
    func revoke(group: UUID) async throws {
        for try await _ in try await database.query(
            "DELETE FROM share_links WHERE group_id = \(group) RETURNING group_id").decode(UUID.self) {
            return
        }
        throw ShareLinkError.noLink
    }

    /// The group `token` opens; ``ShareLinkError/unknownLink`` for a token never made, revoked, or
    /// not of the form this server makes.
    func group(token: String) async throws -> SharedGroup {
        guard (1...Self.maxTokenLength).contains(token.utf8.count),
              token.utf8.allSatisfy({ Self.tokenBytes.contains($0) }) else { throw ShareLinkError.unknownLink }
        for try await (id, name, code, revision) in try await database.execute(Lookup(token: token)) {
            let currency = try code.map { code in try StoredValue.currency(code, table: "trip_groups", row: id) }
            return SharedGroup(id: id, name: name, currency: currency, revision: revision)
        }
        throw ShareLinkError.unknownLink
    }

    /// The base64url alphabet.
    private static let tokenBytes = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The page's lookup, prepared once per connection: it runs on every view.
    struct Lookup: PostgresPreparedStatement {
        static let name = "split_share_link_lookup"
        static let sql = """
            SELECT g.id, g.name, g.currency, g.revision FROM share_links s JOIN trip_groups g ON g.id = s.group_id
            WHERE s.token_hash = sha256(convert_to($1, 'UTF8'))
            """
        typealias Row = (UUID, String, String?, Int64)

        let token: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(token)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
