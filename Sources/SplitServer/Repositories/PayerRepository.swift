import Foundation
import Logging
import PostgresNIO
import SplitCore

/// The payers of expenses several members paid (`expense_payers`).
///
/// An expense one member paid has no rows here: `expenses.paid_by_member_id` paid it all, as
/// on the Node server. An expense k ≥ 2 members paid has k rows, and `paid_by_member_id` holds
/// the lead payer (the lowest member id). Each row's `row_id` is the id of that payer's row in
/// the legacy listing (``LegacyRows``): the lead's is the expense's own id, so deleting the
/// expense by the id a Node client sees first deletes all of it, and the others are fresh ids
/// that stay the same for as long as the member stays a payer.
struct PayerRepository: Sendable {
    let database: ServerDatabase
    /// Row ids of payers other than the lead.
    let dependencies: ServerDependencies

    // MARK: Reading

    /// The payers of the group's live expenses (or of `only`), by expense, in member-id order:
    /// one query joined by group, whatever the number of expenses.
    func payers(group: UUID, only: UUID? = nil, currencies: [UUID: Currency], on connection: PostgresConnection)
        async throws -> [UUID: [PayerRecord]] {
        try await Self.records(connection.query("""
            SELECT p.expense_id, p.member_id, (p.amount * 100)::int8, (p.amount * 1000)::int8, p.row_id
            FROM expense_payers p JOIN expenses e ON e.id = p.expense_id
            WHERE e.group_id = \(group) AND e.is_deleted IS NOT TRUE AND (\(only)::uuid IS NULL OR e.id = \(only))
            ORDER BY p.expense_id, p.member_id
            """, logger: database.logger), currencies: currencies)
    }

    /// The payers of these expenses (the change feed's live ones), by expense, in member-id
    /// order: one index lookup per expense, as the feed reads splits.
    func payers(of currencies: [UUID: Currency], on connection: PostgresConnection) async throws -> [UUID: [PayerRecord]] {
        guard !currencies.isEmpty else { return [:] }
        return try await Self.records(connection.query("""
            SELECT p.expense_id, p.member_id, (p.amount * 100)::int8, (p.amount * 1000)::int8, p.row_id
            FROM unnest(\(Array(currencies.keys))::uuid[]) AS x(id)
            CROSS JOIN LATERAL (SELECT * FROM expense_payers WHERE expense_id = x.id OFFSET 0) p
            """, logger: database.logger), currencies: currencies)
    }

    /// The expense whose listing row `row` is, when `row` is the row of a payer other than the
    /// lead (the lead's row id is the expense's own): a PUT or DELETE by that id is refused (``ExpenseError/payerRow(_:of:)``).
    func expense(ofRow row: UUID, includingDeleted: Bool, on connection: PostgresConnection) async throws -> UUID? {
        let rows = try await connection.query("""
            SELECT p.expense_id FROM expense_payers p JOIN expenses e ON e.id = p.expense_id
            WHERE p.row_id = \(row) AND p.row_id <> p.expense_id AND (\(includingDeleted) OR e.is_deleted IS NOT TRUE)
            """, logger: database.logger)
        for try await expense in rows.decode(UUID.self) { return expense }
        return nil
    }

    /// Which of `ids` are row ids of payers: a client may not choose one as an expense id, or
    /// the listing would show two rows with one id.
    func rowIDs(among ids: [UUID], on connection: PostgresConnection) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        var taken = Set<UUID>()
        for try await id in try await connection.query(
            "SELECT row_id FROM expense_payers WHERE row_id = ANY(\(ids))", logger: database.logger).decode(UUID.self) {
            taken.insert(id)
        }
        return taken
    }

    // MARK: Writing

    /// Stores the payers of new expenses, in one statement; expenses one member paid add nothing.
    func insert(_ items: [(id: UUID, draft: ExpenseDraft)], on connection: PostgresConnection) async throws {
        var rows = Rows()
        for (id, draft) in items {
            rows.append(expense: id, draft.storedPayers, currency: draft.amount.currency, keeping: [:], newID: dependencies.newID)
        }
        try await rows.insert(on: connection, logger: database.logger)
    }

    /// Replaces an expense's payers. A member who stays a payer keeps their row id, except that
    /// the lead's is always the expense's own id (a payer who becomes or stops being the lead
    /// changes row id).
    func replace(expense: UUID, with draft: ExpenseDraft, on connection: PostgresConnection) async throws {
        var kept: [UUID: UUID] = [:]
        let existing = try await connection.query(
            "DELETE FROM expense_payers WHERE expense_id = \(expense) RETURNING member_id, row_id", logger: database.logger)
        for try await (member, row) in existing.decode((UUID, UUID).self) { kept[member] = row }
        var rows = Rows()
        rows.append(expense: expense, draft.storedPayers, currency: draft.amount.currency, keeping: kept,
                    newID: dependencies.newID)
        try await rows.insert(on: connection, logger: database.logger)
    }

    /// Columns of rows to insert with one `unnest` statement.
    private struct Rows {
        var expenses: [UUID] = [], members: [UUID] = [], amounts: [String] = [], rowIDs: [UUID] = []

        mutating func append(expense: UUID, _ payers: [ExpenseDraft.Payer], currency: Currency, keeping kept: [UUID: UUID],
                             newID: () -> UUID) {
            for (index, payer) in payers.enumerated() {
                expenses.append(expense)
                members.append(payer.member)
                amounts.append(StoredAmount.text(payer.amount, currency))
                // Payers are in member-id order: the first is the lead.
                if index == 0 {
                    rowIDs.append(expense)
                } else if let row = kept[payer.member], row != expense {
                    rowIDs.append(row)
                } else {
                    rowIDs.append(newID())
                }
            }
        }

        func insert(on connection: PostgresConnection, logger: Logger) async throws {
            guard !expenses.isEmpty else { return }
            try await connection.query("""
                INSERT INTO expense_payers (expense_id, member_id, amount, row_id)
                SELECT t.expense, t.member, t.amount::numeric, t.row
                FROM unnest(\(expenses)::uuid[], \(members)::uuid[], \(amounts)::text[], \(rowIDs)::uuid[])
                     AS t(expense, member, amount, row)
                """, logger: logger)
        }
    }

    private static func records(_ rows: PostgresRowSequence, currencies: [UUID: Currency]) async throws -> [UUID: [PayerRecord]] {
        var payers: [UUID: [PayerRecord]] = [:]
        for try await (expense, member, cents, thousandths, row) in rows.decode((UUID, UUID, Int64, Int64, UUID).self) {
            guard let currency = currencies[expense] else { continue }
            payers[expense, default: []].append(PayerRecord(
                memberID: member, amount: StoredAmount.minor(cents: cents, thousandths: thousandths, currency: currency), rowID: row))
        }
        // The lateral read comes in no particular order; member-id order is the contract's.
        for key in payers.keys { payers[key]?.sort { $0.memberID.uuidString < $1.memberID.uuidString } }
        return payers
    }

}
