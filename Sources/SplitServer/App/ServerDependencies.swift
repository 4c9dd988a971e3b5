import Foundation

/// The server's one clock and one id source.
///
/// Every time the server chooses (a payment's default date, paid and deleted marks, token
/// expiry, `/health`'s timestamp) and every id it chooses (from-local members and expenses, new
/// expenses and splits) comes from here, never from an inline `Date()` or `UUID()`, so tests
/// can pin both. Column defaults inside PostgreSQL (`created_at DEFAULT NOW()`) stay where they
/// are: those are the database's, not a choice the server makes.
public struct ServerDependencies: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// A new, unique id.
    public var newID: @Sendable () -> UUID

    public init(now: @escaping @Sendable () -> Date, newID: @escaping @Sendable () -> UUID) {
        self.now = now
        self.newID = newID
    }

    /// The system clock and random (version 4) UUIDs.
    public static let system = ServerDependencies(now: { Date() }, newID: { UUID() })
}
