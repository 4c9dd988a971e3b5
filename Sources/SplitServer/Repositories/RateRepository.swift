import Foundation
import PostgresNIO
import SplitAPI
import SplitCore

/// A trip's exchange rates into its own currency (`split trip rate`), kept as the exact
/// decimal text SplitCore's ``ExchangeRate`` normalises, never as a float.
struct RateRepository: Sendable {
    let database: ServerDatabase

    /// The rate's revision, locked until the transaction ends; nil if the group has none for `currency`.
    func lockRevision(_ currency: String, group: UUID, on connection: PostgresConnection) async throws -> Int64? {
        let rows = try await connection.query(
            "SELECT revision FROM group_rates WHERE group_id = \(group) AND currency = \(currency) FOR UPDATE",
            logger: database.logger)
        for try await revision in rows.decode(Int64.self) { return revision }
        return nil
    }

    /// Sets the rate at `revision`; a rate deleted before comes back and loses its tombstone.
    func set(_ currency: Currency, rate: ExchangeRate, group: UUID, revision: Int64, on connection: PostgresConnection)
        async throws -> Components.Schemas.RateChange {
        try await connection.query("""
            INSERT INTO group_rates (group_id, currency, rate, revision) VALUES (\(group), \(currency.code), \(rate.text), \(revision))
            ON CONFLICT (group_id, currency) DO UPDATE SET rate = EXCLUDED.rate, revision = EXCLUDED.revision
            """, logger: database.logger)
        try await Tombstones.remove(kind: "rate", item: currency.code, group: group, on: connection, logger: database.logger)
        return .init(currency: currency.code, revision: revision, deleted: false, rate: rate.text)
    }

    /// Removes the rate at `revision`, leaving a tombstone; ``RateError/notFound(_:)`` if there is none.
    func delete(_ currency: Currency, group: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        let rows = try await connection.query(
            "DELETE FROM group_rates WHERE group_id = \(group) AND currency = \(currency.code) RETURNING currency",
            logger: database.logger)
        var found = false
        for try await _ in rows { found = true }
        guard found else { throw RateError.notFound(currency) }
        try await Tombstones.add(kind: "rate", item: currency.code, group: group, revision: revision,
                                 on: connection, logger: database.logger)
    }
}
