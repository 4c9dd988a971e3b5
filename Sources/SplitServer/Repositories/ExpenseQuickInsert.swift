import Foundation
import PostgresNIO

/// `POST /api/expenses` in one SQL statement: the access check, the group's revision bump,
/// the member check and both inserts are one round trip, one implicit transaction.
///
/// The route is the most written one, and every write holds its group's row lock from the bump
/// to the commit (see ``ChangeFeed``): as a transaction of six round trips, concurrent posts to
/// one group queue behind that lock, and each post also pays the round trips themselves. As one
/// statement the lock is held only while PostgreSQL runs it.
///
/// It handles the common case only. When it inserts nothing (no access, a member not in the
/// group, a client-chosen id already used), the caller takes the general path, which finds out
/// which it was and answers precisely; the revision this statement bumped stays unused, which
/// readers see as a revision without changes.
struct ExpenseQuickInsert: Sendable {
    let database: ServerDatabase
    let dependencies: ServerDependencies

    /// The new expense's id, or nil when the general path must answer.
    func insert(_ draft: ExpenseDraft, id: UUID?, group: UUID, user: UUID) async throws -> UUID? {
        let id = id ?? dependencies.newID()
        let now = dependencies.now()
        let currency = draft.amount.currency
        let members = Array(draft.memberIDs)
        let splitIDs = draft.splits.map { _ in dependencies.newID() }
        let rows = try await database.query("""
            WITH g AS (
              UPDATE trip_groups SET revision = revision + 1
              WHERE id = \(group) AND (owner_id = \(user) OR EXISTS (
                SELECT 1 FROM group_members gm WHERE gm.group_id = \(group) AND gm.user_id = \(user)))
              RETURNING revision
            ), m AS (
              SELECT count(*) AS n FROM members WHERE group_id = \(group) AND id = ANY(\(members)::uuid[])
            ), e AS (
              INSERT INTO expenses (id, group_id, description, amount, currency, category, paid_by_member_id, expense_date,
                                    note, created_by_user_id, updated_by_user_id, revision, created_at, updated_at)
              SELECT \(id), \(group), \(draft.description), \(StoredAmount.text(draft.amount.minorUnits, currency))::numeric,
                     \(currency.code), \(draft.category.rawValue), \(draft.paidBy), \(draft.date.description)::date,
                     \(draft.note), \(user), \(user), g.revision, \(now), \(now)
              FROM g, m WHERE m.n = \(Int64(members.count))
              ON CONFLICT (id) DO NOTHING
              RETURNING id
            ), s AS (
              INSERT INTO expense_splits (id, expense_id, member_id, amount, is_paid, paid_at, marked_paid_by_user_id)
              SELECT t.id, e.id, t.member, t.amount::numeric, t.paid,
                     CASE WHEN t.paid THEN \(now)::timestamptz END, CASE WHEN t.paid THEN \(user)::uuid END
              FROM e, unnest(\(splitIDs)::uuid[], \(draft.splits.map(\.member))::uuid[],
                             \(draft.splits.map { StoredAmount.text($0.amount, currency) })::text[],
                             \(draft.splits.map { $0.isPaid ?? false })::bool[]) AS t(id, member, amount, paid)
            )
            SELECT count(*) FROM e
            """)
        for try await inserted in rows.decode(Int64.self) { return inserted == 1 ? id : nil }
        return nil
    }
}
