import Foundation
import PostgresNIO
import SplitCore

/// The currency exchanges of settle steps (`currency_exchanges`, feature `conversions`): a
/// step is recorded and removed whole, never edited, as `split` records it.
struct ExchangeRepository: Sendable {
    let database: ServerDatabase
    let members: MemberRepository
    let dependencies: ServerDependencies

    /// Records `step` at `revision`, after SplitCore's step rule (each exchange valid, the
    /// step summing to zero in every currency), fresh client ids (neither the step's nor an
    /// exchange's used before, in any group, nor a removed step's), and members of the group.
    func record(_ step: ExchangeStep, group: UUID, user: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        do {
            try step.validate()
        } catch {
            throw ExchangeStepError.rule(error)
        }
        let stepID = try Self.uuid(step.id.rawValue)
        let ids = try step.exchanges.map { try Self.uuid($0.id.rawValue) }
        let taken = try await connection.query("""
            SELECT 'settle step', step_id FROM currency_exchanges WHERE step_id = \(stepID)
            UNION ALL SELECT 'currency exchange', id FROM currency_exchanges WHERE id = ANY(\(ids))
            LIMIT 1
            """, logger: database.logger)
        for try await (kind, id) in taken.decode((String, UUID).self) { throw ClientIDError.taken(kind: kind, id: id) }
        if try await Tombstones.exists(kind: "exchanges", item: step.id.rawValue, on: connection, logger: database.logger) {
            throw ClientIDError.deleted(kind: "settle step", id: stepID)
        }
        let memberIDs = try step.exchanges.map { try Self.uuid($0.member.rawValue) }
        try await members.requireMembers(Set(memberIDs), group: group, on: connection)
        let exchanges = step.exchanges
        try await connection.query("""
            INSERT INTO currency_exchanges (id, group_id, step_id, member_id, from_minor, from_currency, to_minor, to_currency,
                                            exchange_date, created_by_user_id, created_at, revision)
            SELECT t.id, \(group), \(stepID), t.member, t.from_minor, t.from_currency, t.to_minor, t.to_currency, t.day::date,
                   \(user), \(dependencies.now()), \(revision)
            FROM unnest(\(ids)::uuid[], \(memberIDs)::uuid[], \(exchanges.map(\.from.minorUnits))::int8[],
                        \(exchanges.map(\.from.currency.code))::text[], \(exchanges.map(\.to.minorUnits))::int8[],
                        \(exchanges.map(\.to.currency.code))::text[], \(exchanges.map(\.date.description))::text[])
                 AS t(id, member, from_minor, from_currency, to_minor, to_currency, day)
            """, logger: database.logger)
    }

    /// The step's revision, its rows locked until the transaction ends; nil if the group has no such step.
    func lockRevision(_ step: UUID, group: UUID, on connection: PostgresConnection) async throws -> Int64? {
        let rows = try await connection.query(
            "SELECT revision FROM currency_exchanges WHERE step_id = \(step) AND group_id = \(group) FOR UPDATE",
            logger: database.logger)
        for try await revision in rows.decode(Int64.self) { return revision }
        return nil
    }

    /// Removes a step's exchanges at `revision`, leaving a tombstone.
    func remove(_ step: UUID, group: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        let rows = try await connection.query(
            "DELETE FROM currency_exchanges WHERE step_id = \(step) AND group_id = \(group) RETURNING id", logger: database.logger)
        var found = false
        for try await _ in rows { found = true }
        guard found else { throw ExchangeStepError.notFound(step: step) }
        try await Tombstones.add(kind: "exchanges", item: step.uuidString.lowercased(), group: group, revision: revision,
                                 on: connection, logger: database.logger)
    }

    /// Every exchange of the group, as SplitCore's values: what the balances count.
    func list(group: UUID) async throws -> [CurrencyExchange] {
        let rows = try await database.query("""
            SELECT id, step_id, member_id, from_minor, from_currency, to_minor, to_currency, to_char(exchange_date, 'YYYY-MM-DD')
            FROM currency_exchanges WHERE group_id = \(group)
            """)
        var exchanges: [CurrencyExchange] = []
        for try await (id, step, member, fromMinor, fromCode, toMinor, toCode, date)
            in rows.decode((UUID, UUID, UUID, Int64, String, Int64, String, String).self) {
            exchanges.append(CurrencyExchange(
                id: ExchangeID(id.uuidString), step: ExchangeID(step.uuidString), member: ExpenseRecord.member(member),
                from: Money(minorUnits: fromMinor, currency: try StoredValue.currency(fromCode, table: "currency_exchanges", row: id)),
                to: Money(minorUnits: toMinor, currency: try StoredValue.currency(toCode, table: "currency_exchanges", row: id)),
                date: try StoredValue.date(date, table: "currency_exchanges", column: "exchange_date", row: id)))
        }
        return exchanges
    }

    /// SplitCore ids are lower-case UUID text; the rule does not check the form, so it is
    /// checked here (the wire reader already did, with the field's name).
    private static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw ExchangeStepError.badID(text) }
        return id
    }
}

extension ServerServices {
    /// Made on use: it holds nothing of its own.
    var exchanges: ExchangeRepository {
        ExchangeRepository(database: database, members: members, dependencies: dependencies)
    }
}
