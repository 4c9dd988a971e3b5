import Foundation
import PostgresNIO
import SplitCore

/// The preferences that follow an account (``PreferenceKey``): the display name in
/// `users.display_name`, which login and `/auth/me` answer, and the others in
/// `user_preferences`; each key with when it was set, so the later write wins key by key.
struct PreferenceRepository: Sendable {
    let database: ServerDatabase

    /// The account's preferences as stored.
    struct Stored: Sendable, Equatable {
        /// Every key that has a value; the display name always has one.
        var values: [PreferenceKey: String]
        /// When each key was last set, for the keys that ever were.
        var setAt: [PreferenceKey: Date]
        /// ISO 8601, UTC, milliseconds: the latest of `setAt`, else the account's creation.
        let updatedAt: String
    }

    func current(user: UUID) async throws -> Stored {
        try await read(user, on: nil)
    }

    /// Applies `changes` made at `setAt` in one transaction and returns the state after it.
    /// A key changes only if `setAt` is not older than the time its stored value was set.
    ///
    /// The account's `users` row is locked first, so two PATCHes of one account, on any
    /// process, apply one after the other and each compares with what the other stored. The
    /// lock is a statement of its own: a `SELECT … FOR UPDATE OF u` joined with
    /// `user_preferences` would, after waiting for the lock, still read the preferences row
    /// as its snapshot had it, before the other PATCH committed, and overwrite its change.
    func update(user: UUID, changes: [PreferenceKey: String?], setAt: Date) async throws -> Stored {
        try await database.transaction { connection in
            try await connection.query("SELECT 1 FROM users WHERE id = \(user) FOR UPDATE", logger: database.logger)
            var stored = try await read(user, on: connection)
            var won: [PreferenceKey] = []
            for (key, value) in changes {
                if let previous = stored.setAt[key], setAt < previous { continue }
                stored.values[key] = value
                stored.setAt[key] = setAt
                won.append(key)
            }
            guard !won.isEmpty else { return stored }
            if won.contains(.displayName), let name = stored.values[.displayName] {
                try await connection.query("UPDATE users SET display_name = \(name) WHERE id = \(user)", logger: database.logger)
            }
            try await connection.query("""
                INSERT INTO user_preferences (user_id, default_currency, default_category,
                    display_name_set_at, default_currency_set_at, default_category_set_at)
                VALUES (\(user), \(stored.values[.defaultCurrency]), \(stored.values[.defaultCategory]),
                    \(stored.setAt[.displayName]), \(stored.setAt[.defaultCurrency]), \(stored.setAt[.defaultCategory]))
                ON CONFLICT (user_id) DO UPDATE SET
                    default_currency = EXCLUDED.default_currency, default_category = EXCLUDED.default_category,
                    display_name_set_at = EXCLUDED.display_name_set_at,
                    default_currency_set_at = EXCLUDED.default_currency_set_at,
                    default_category_set_at = EXCLUDED.default_category_set_at
                """, logger: database.logger)
            return try await read(user, on: connection)
        }
    }

    /// The stored state, on `connection` when the caller is in a transaction.
    private func read(_ user: UUID, on connection: PostgresConnection?) async throws -> Stored {
        let query: PostgresQuery = """
            SELECT u.display_name, p.default_currency, p.default_category,
                   p.display_name_set_at, p.default_currency_set_at, p.default_category_set_at,
                   to_char(COALESCE(GREATEST(p.display_name_set_at, p.default_currency_set_at, p.default_category_set_at),
                                    u.created_at, 'epoch'::timestamptz) AT TIME ZONE 'UTC', \(unescaped: "'\(isoTimestampFormat)'"))
            FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
            WHERE u.id = \(user)
            """
        let rows: PostgresRowSequence
        if let connection {
            rows = try await connection.query(query, logger: database.logger)
        } else {
            rows = try await database.query(query)
        }
        for try await (name, currency, category, nameSet, currencySet, categorySet, updated) in rows.decode(
            (String, String?, String?, Date?, Date?, Date?, String).self) {
            var values: [PreferenceKey: String] = [.displayName: name]
            values[.defaultCurrency] = currency
            values[.defaultCategory] = category
            var setAt: [PreferenceKey: Date] = [:]
            setAt[.displayName] = nameSet
            setAt[.defaultCurrency] = currencySet
            setAt[.defaultCategory] = categorySet
            return Stored(values: values, setAt: setAt, updatedAt: updated)
        }
        throw AccountError.accountGone
    }
}
