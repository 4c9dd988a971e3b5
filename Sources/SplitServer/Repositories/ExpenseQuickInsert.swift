import Foundation
import PostgresNIO

/// `POST /api/expenses` in one SQL statement: the token check, the access check, the group's
/// revision bump, the member check and both inserts are one round trip, one implicit transaction.
///
/// The route is the most written one, and every write holds its group's row lock from the bump
/// to the commit (see ``ChangeFeed``): as a transaction of six round trips, concurrent posts to
/// one group queue behind that lock, and each post also pays the round trips themselves. As one
/// statement the lock is held only while PostgreSQL runs it, and as a prepared statement it is
/// parsed and planned once per connection instead of once per request.
///
/// It handles the common case only: an expense one member paid (the caller sends one several
/// paid down the general path). When it inserts nothing (a bad token, no access, a member
/// not in the group, a client-chosen id already used), the caller takes the general path,
/// which finds out which it was and answers precisely; the revision this statement bumped stays unused, which
/// readers see as a revision without changes.
struct ExpenseQuickInsert: Sendable {
    let database: ServerDatabase
    let dependencies: ServerDependencies

    /// The new expense's id, or nil when the general path must answer.
    func insert(_ draft: ExpenseDraft, id: UUID?, group: UUID, credential: AuthenticatedUser.Credential) async throws -> UUID? {
        let statement = Statement(draft: draft, id: id ?? dependencies.newID(), group: group, token: credential.token,
                                  now: dependencies.now(), splitIDs: draft.splits.map { _ in dependencies.newID() })
        for try await (tokenID, userID, name, inserted) in try await database.execute(statement) {
            credential.remember(AuthenticatedUser(id: userID, tokenID: tokenID, displayName: name))
            return inserted == 1 ? statement.id : nil
        }
        return nil
    }

    struct Statement: PostgresPreparedStatement {
        static let name = "split_expense_quick_insert"
        static let sql = """
            WITH u AS (
              SELECT t.id AS token_id, u.id, u.display_name FROM \(TokenLookup.liveToken(token: "$2", now: "$12::timestamptz"))
            ), g AS (
              UPDATE trip_groups SET revision = revision + 1
              FROM u
              WHERE trip_groups.id = $1::uuid AND (trip_groups.owner_id = u.id OR EXISTS (
                SELECT 1 FROM group_members gm WHERE gm.group_id = $1::uuid AND gm.user_id = u.id))
              RETURNING trip_groups.revision, u.id AS user_id
            ), m AS (
              SELECT count(*) AS n FROM members WHERE group_id = $1::uuid AND id = ANY($3::uuid[])
            ), e AS (
              INSERT INTO expenses (id, group_id, description, amount, currency, category, paid_by_member_id, expense_date,
                                    note, created_by_user_id, updated_by_user_id, revision, created_at, updated_at)
              SELECT $4::uuid, $1::uuid, $5::text, $6::text::numeric, $7::text, $8::text, $9::uuid, $10::text::date,
                     $11::text, g.user_id, g.user_id, g.revision, $12::timestamptz, $12::timestamptz
              FROM g, m WHERE m.n = $13::int8
                AND NOT EXISTS (SELECT 1 FROM expense_payers WHERE row_id = $4::uuid)
              ON CONFLICT (id) DO NOTHING
              RETURNING id
            ), s AS (
              INSERT INTO expense_splits (id, expense_id, member_id, amount, is_paid, paid_at, marked_paid_by_user_id)
              SELECT t.id, e.id, t.member, t.amount::numeric, t.paid,
                     CASE WHEN t.paid THEN $12::timestamptz END, CASE WHEN t.paid THEN g.user_id END
              FROM e, g, unnest($14::uuid[], $15::uuid[], $16::text[], $17::bool[]) AS t(id, member, amount, paid)
            )
            SELECT u.token_id, u.id, u.display_name, (SELECT count(*) FROM e) FROM u
            """
        typealias Row = (UUID, UUID, String, Int64)

        let draft: ExpenseDraft
        let id: UUID
        let group: UUID
        let token: String
        let now: Date
        let splitIDs: [UUID]

        func makeBindings() throws -> PostgresBindings {
            let currency = draft.amount.currency
            let members = Array(draft.memberIDs)
            var bindings = PostgresBindings(capacity: 17)
            bindings.append(group)
            bindings.append(token)
            bindings.append(members)
            bindings.append(id)
            bindings.append(draft.description)
            bindings.append(StoredAmount.text(draft.amount.minorUnits, currency))
            bindings.append(currency.code)
            bindings.append(draft.category.rawValue)
            bindings.append(draft.paidBy)
            bindings.append(draft.date.description)
            bindings.append(draft.note)
            bindings.append(now)
            bindings.append(Int64(members.count))
            bindings.append(splitIDs)
            bindings.append(draft.splits.map(\.member))
            bindings.append(draft.splits.map { StoredAmount.text($0.amount, currency) })
            bindings.append(draft.splits.map { $0.isPaid ?? false })
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
