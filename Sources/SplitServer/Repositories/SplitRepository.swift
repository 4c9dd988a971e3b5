import Foundation
import PostgresNIO

/// Paid marks of single splits, and their audit trail in `payment_history`.
struct SplitRepository: Sendable {
    let database: ServerDatabase
    /// The time of paid marks.
    let dependencies: ServerDependencies

    /// The expense and group of a split whose expense is live, or ``ExpenseError/splitNotFound(split:)``.
    func owner(of split: UUID) async throws -> (expense: UUID, group: UUID) {
        let rows = try await database.query("""
            SELECT e.id, e.group_id FROM expense_splits s JOIN expenses e ON e.id = s.expense_id
            WHERE s.id = \(split) AND e.is_deleted IS NOT TRUE
            """)
        for try await (expense, group) in rows.decode((UUID, UUID?).self) { if let group { return (expense, group) } }
        throw ExpenseError.splitNotFound(split: split)
    }

    /// The split of `member` in `expense`, if the member has a share.
    func split(expense: UUID, member: UUID, on connection: PostgresConnection) async throws -> UUID? {
        let rows = try await connection.query(
            "SELECT id FROM expense_splits WHERE expense_id = \(expense) AND member_id = \(member)", logger: database.logger)
        for try await id in rows.decode(UUID.self) { return id }
        return nil
    }

    /// Sets the paid state at `revision` (the expense's revision moves with it) and logs who did
    /// it, from where. The caller has bumped the group and checked the expense is live.
    func setPaid(_ split: UUID, expense: UUID, isPaid: Bool, reason: String?, user: UUID, ip: String?, revision: Int64,
                 on connection: PostgresConnection) async throws {
        let rows = try await connection.query("""
            UPDATE expense_splits SET is_paid = \(isPaid),
                paid_at = CASE WHEN \(isPaid) THEN \(dependencies.now())::timestamptz END,
                marked_paid_by_user_id = CASE WHEN \(isPaid) THEN \(user)::uuid END
            WHERE id = \(split) AND expense_id = \(expense)
            RETURNING id
            """, logger: database.logger)
        var found = false
        for try await _ in rows { found = true }
        guard found else { throw ExpenseError.splitNotFound(split: split) }
        try await connection.query("UPDATE expenses SET revision = \(revision) WHERE id = \(expense)", logger: database.logger)
        let address = ip.flatMap { $0 == "unknown" ? nil : $0 }
        try await connection.query("""
            INSERT INTO payment_history (expense_split_id, action, performed_by_user_id, reason, ip_address, performed_at)
            VALUES (\(split), \(isPaid ? "marked_paid" : "marked_unpaid"), \(user), \(reason), \(address)::inet,
                    \(dependencies.now()))
            """, logger: database.logger)
    }

    /// Every change of the split, newest first, with the name of who made it.
    func history(_ split: UUID) async throws -> [HistoryRecord] {
        let rows = try await database.query("""
            SELECT h.id, h.expense_split_id, h.action, h.performed_by_user_id,
                   to_char(h.performed_at AT TIME ZONE 'UTC', \(unescaped: "'\(isoTimestampFormat)'")),
                   h.reason, u.display_name
            FROM payment_history h JOIN users u ON u.id = h.performed_by_user_id
            WHERE h.expense_split_id = \(split)
            ORDER BY h.performed_at DESC, h.id
            """)
        var history: [HistoryRecord] = []
        for try await (id, splitID, action, userID, at, reason, name) in rows.decode(
            (UUID, UUID, String?, UUID, String?, String?, String).self) {
            guard let known = action.flatMap(HistoryRecord.Action.init(rawValue:)) else {
                throw UnreadableStoredValue(table: "payment_history", column: "action", rowID: id, value: action)
            }
            history.append(HistoryRecord(
                id: id, splitID: splitID, action: known, userID: userID,
                performedAt: try StoredValue.present(at, table: "payment_history", column: "performed_at", row: id),
                reason: reason, userName: name))
        }
        return history
    }
}
