import Foundation
import PostgresNIO
import SplitCore

/// Expenses, their splits and their payers.
///
/// Writes take the revision the caller got from ``GroupRepository/bump(_:on:)`` in the same
/// transaction and store it on the rows they change; the group's revision also keys the cached
/// expense listing. Listing runs three queries whatever the group's size.
struct ExpenseRepository: Sendable {
    let database: ServerDatabase
    let members: MemberRepository
    /// The payers of expenses several members paid.
    let payers: PayerRepository
    /// New expense and split ids, and the time of paid and deleted marks.
    let dependencies: ServerDependencies

    // MARK: Reading

    /// Live expenses of the group, newest `expenseDate` first, each with its splits by member name.
    func list(group: UUID) async throws -> [ExpenseRecord] {
        try await database.withConnection { connection in
            try await list(group: group, on: connection)
        }
    }

    /// With `only`, just that expense (if it is live and in the group), still in three queries.
    func list(group: UUID, only: UUID? = nil, on connection: PostgresConnection) async throws -> [ExpenseRecord] {
        let expenseRows = try await connection.query("""
            SELECT e.id, e.description, (e.amount * 100)::int8, (e.amount * 1000)::int8, e.currency, e.category, e.paid_by_member_id,
                   to_char(e.expense_date, 'YYYY-MM-DD'),
                   to_char(e.created_at AT TIME ZONE 'UTC', \(unescaped: "'\(isoTimestampFormat)'")), e.split_given::text
            FROM expenses e
            WHERE e.group_id = \(group) AND e.is_deleted IS NOT TRUE AND (\(only)::uuid IS NULL OR e.id = \(only))
            ORDER BY e.expense_date DESC, e.created_at DESC, e.id
            """, logger: database.logger)
        var expenses: [ExpenseRecord] = []
        var index: [UUID: Int] = [:]
        // Read once the splits are known: a stored rule counts only while it gives them.
        var givenTexts: [(position: Int, text: String)] = []
        for try await (id, description, cents, thousandths, code, category, payer, date, created, given) in expenseRows.decode(
            (UUID, String?, Int64, Int64, String?, String, UUID, String, String?, String?).self) {
            let currency = try StoredValue.currency(code, table: "expenses", row: id)
            index[id] = expenses.count
            if let given { givenTexts.append((expenses.count, given)) }
            expenses.append(ExpenseRecord(
                id: id, groupID: group, description: description ?? "",
                amount: Money(minorUnits: StoredAmount.minor(cents: cents, thousandths: thousandths, currency: currency), currency: currency),
                category: category, paidBy: payer,
                date: try StoredValue.date(date, table: "expenses", column: "expense_date", row: id),
                createdAt: try StoredValue.present(created, table: "expenses", column: "created_at", row: id), splits: []))
        }
        guard !expenses.isEmpty else { return [] }
        let splitRows = try await connection.query("""
            SELECT s.expense_id, s.id, s.member_id, (s.amount * 100)::int8, (s.amount * 1000)::int8, s.is_paid
            FROM expense_splits s
            JOIN expenses e ON e.id = s.expense_id
            JOIN members m ON m.id = s.member_id
            WHERE e.group_id = \(group) AND e.is_deleted IS NOT TRUE AND (\(only)::uuid IS NULL OR e.id = \(only))
            ORDER BY lower(m.name), m.id
            """, logger: database.logger)
        for try await (expense, id, member, cents, thousandths, paid) in splitRows.decode((UUID, UUID, UUID, Int64, Int64, Bool?).self) {
            guard let position = index[expense] else { continue }
            let currency = expenses[position].amount.currency
            expenses[position].splits.append(SplitRecord(
                id: id, memberID: member, amount: StoredAmount.minor(cents: cents, thousandths: thousandths, currency: currency), isPaid: paid ?? false))
        }
        var currencies: [UUID: Currency] = [:]
        for expense in expenses { currencies[expense.id] = expense.amount.currency }
        for (expense, payers) in try await payers.payers(group: group, only: only, currencies: currencies, on: connection) {
            guard let position = index[expense] else { continue }
            expenses[position].payers = payers
        }
        for (position, text) in givenTexts {
            let expense = expenses[position]
            expenses[position].splitGiven = StoredSplitGiven.rule(
                text, currency: expense.amount.currency, splits: expense.domain.splits, amount: expense.amount)
        }
        return expenses
    }

    /// The live expense with this id in `group`, or ``ExpenseError/notFound(expense:)``.
    func find(_ expense: UUID, group: UUID, on connection: PostgresConnection) async throws -> ExpenseRecord {
        guard let record = try await list(group: group, only: expense, on: connection).first else {
            throw ExpenseError.notFound(expense: expense)
        }
        return record
    }

    /// The group of a live expense (or, with `includingDeleted`, of a deleted one too), or
    /// ``ExpenseError/notFound(expense:)``; ``ExpenseError/payerRow(_:of:)`` for the listing row of a payer other than the lead of an expense several paid,
    /// which is not an expense of its own (see ``PayerRepository``).
    func group(of expense: UUID, includingDeleted: Bool = false) async throws -> UUID {
        try await database.withConnection { connection in
            let rows = try await connection.query(
                "SELECT group_id FROM expenses WHERE id = \(expense) AND (\(includingDeleted) OR is_deleted IS NOT TRUE)",
                logger: database.logger)
            for try await group in rows.decode(UUID?.self) { if let group { return group } }
            try await refusePartRow(expense, includingDeleted: includingDeleted, on: connection)
            throw ExpenseError.notFound(expense: expense)
        }
    }

    /// Throws ``ExpenseError/payerRow(_:of:)`` when `id` is a payer's listing row.
    func refusePartRow(_ id: UUID, includingDeleted: Bool = false, on connection: PostgresConnection) async throws {
        if let whole = try await payers.expense(ofRow: id, includingDeleted: includingDeleted, on: connection) {
            throw ExpenseError.payerRow(id, of: whole)
        }
    }

    /// The expense's revision and whether it is deleted, locked until the transaction ends;
    /// nil if the group has no such expense.
    func lockRevision(_ expense: UUID, group: UUID, on connection: PostgresConnection) async throws
        -> (revision: Int64, deleted: Bool)? {
        let rows = try await connection.query(
            "SELECT revision, is_deleted IS TRUE FROM expenses WHERE id = \(expense) AND group_id = \(group) FOR UPDATE",
            logger: database.logger)
        for try await row in rows.decode((Int64, Bool).self) { return row }
        return nil
    }

    // MARK: Writing

    /// Stores a new expense at `revision`; the draft's members must belong to the group.
    ///
    /// With a client-chosen `id` that exists already: `created` is false when it is this
    /// group's live expense with the same content, otherwise a ``ClientIDError`` (another
    /// group's, deleted, or different content).
    func create(_ draft: ExpenseDraft, id: UUID?, group: UUID, user: UUID, revision: Int64,
                on connection: PostgresConnection) async throws -> (id: UUID, created: Bool) {
        if let id, try await sameAsStored(draft, id: id, group: group, on: connection) {
            return (id, false)
        }
        try await members.requireMembers(draft.memberIDs, group: group, on: connection)
        try await checkSplitGiven(draft, group: group, on: connection)
        let id = id ?? dependencies.newID()
        try await insert([(id, draft)], group: group, user: user, revision: revision, on: connection)
        return (id, true)
    }

    /// Whether a client-chosen id is already this expense; false if the id is free, a
    /// ``ClientIDError`` if it is taken by anything else.
    func sameAsStored(_ draft: ExpenseDraft, id: UUID, group: UUID, on connection: PostgresConnection) async throws -> Bool {
        let rows = try await connection.query(
            "SELECT group_id, is_deleted IS TRUE, note FROM expenses WHERE id = \(id)", logger: database.logger)
        var found: (UUID?, Bool, String?)?
        for try await row in rows.decode((UUID?, Bool, String?).self) { found = row }
        guard let (owner, deleted, note) = found else {
            guard try await payers.rowIDs(among: [id], on: connection).isEmpty else {
                throw ClientIDError.payerRow(id)
            }
            return false
        }
        guard owner == group else { throw ClientIDError.expenseInAnotherGroup(id) }
        guard !deleted else { throw ClientIDError.deleted(kind: "expense", id: id) }
        let stored = try await find(id, group: group, on: connection)
        guard draft.matches(stored, note: note) else {
            throw ClientIDError.expenseWithOtherContent(id)
        }
        return true
    }

    /// Inserts many validated expenses at `revision` with two statements, whatever their
    /// number, and a third when some have several payers. Returns the split ids per expense,
    /// in the drafts' split order.
    @discardableResult
    func insert(_ items: [(id: UUID, draft: ExpenseDraft)], group: UUID, user: UUID, revision: Int64,
                on connection: PostgresConnection) async throws -> [[UUID]] {
        guard !items.isEmpty else { return [] }
        try await CategoryCheck(database: database).require(items.map(\.draft), group: group, on: connection)
        var ids: [UUID] = [], descriptions: [String] = [], amounts: [String] = [], currencies: [String] = []
        var categories: [String] = [], payers: [UUID] = [], dates: [String] = [], notes: [String] = []
        var splitIDs: [UUID] = [], splitExpenses: [UUID] = [], splitMembers: [UUID] = []
        var splitAmounts: [String] = [], splitPaid: [Bool] = []
        // The split as given in its stored form, '' for none (NULL).
        var givens: [String] = []
        // The client's creation time, '' for the server's.
        var created: [String] = []
        var result: [[UUID]] = []
        let now = dependencies.now()
        for (id, draft) in items {
            let currency = draft.amount.currency
            ids.append(id)
            descriptions.append(draft.description)
            amounts.append(StoredAmount.text(draft.amount.minorUnits, currency))
            currencies.append(currency.code)
            categories.append(draft.category.rawValue)
            payers.append(draft.paidBy)
            dates.append(draft.date.description)
            // An empty note cannot be stored (empty text reads as none), so '' stands for NULL.
            notes.append(draft.note ?? "")
            created.append(draft.createdAt?.iso8601 ?? "")
            givens.append(StoredSplitGiven.text(draft.splitGiven, currency: currency) ?? "")
            var these: [UUID] = []
            for share in draft.splits {
                let splitID = dependencies.newID()
                these.append(splitID)
                splitIDs.append(splitID)
                splitExpenses.append(id)
                splitMembers.append(share.member)
                splitAmounts.append(StoredAmount.text(share.amount, currency))
                splitPaid.append(share.isPaid ?? false)
            }
            result.append(these)
        }
        try await connection.query("""
            INSERT INTO expenses (id, group_id, description, amount, currency, category, paid_by_member_id,
                                  expense_date, note, created_by_user_id, updated_by_user_id, revision, created_at, updated_at,
                                  split_given)
            SELECT t.id, \(group), t.description, t.amount::numeric, t.currency, t.category, t.payer,
                   t.day::date, NULLIF(t.note, ''), \(user), \(user), \(revision),
                   COALESCE(NULLIF(t.created, '')::timestamptz, \(now)), \(now), NULLIF(t.given, '')::jsonb
            FROM unnest(\(ids)::uuid[], \(descriptions)::text[], \(amounts)::text[], \(currencies)::text[],
                        \(categories)::text[], \(payers)::uuid[], \(dates)::text[], \(notes)::text[], \(created)::text[],
                        \(givens)::text[])
                 AS t(id, description, amount, currency, category, payer, day, note, created, given)
            """, logger: database.logger)
        try await connection.query("""
            INSERT INTO expense_splits (id, expense_id, member_id, amount, is_paid, paid_at, marked_paid_by_user_id)
            SELECT t.id, t.expense, t.member, t.amount::numeric, t.paid,
                   CASE WHEN t.paid THEN \(now)::timestamptz END, CASE WHEN t.paid THEN \(user)::uuid END
            FROM unnest(\(splitIDs)::uuid[], \(splitExpenses)::uuid[], \(splitMembers)::uuid[],
                        \(splitAmounts)::text[], \(splitPaid)::bool[]) AS t(id, expense, member, amount, paid)
            """, logger: database.logger)
        try await self.payers.insert(items, on: connection)
        return result
    }

    /// Replaces a live expense's fields, note, splits and payers at `revision`. Members who keep
    /// a share keep its split id and, unless the draft says otherwise, its paid state; payers
    /// who stay keep their listing row id (``PayerRepository/replace(expense:with:on:)``).
    ///
    /// The split as given is the draft's when it has one; left out, the stored one stays while
    /// it still gives the new splits for the new amount, and goes otherwise
    /// (``ExpenseDraft/splitGiven(keeping:)``).
    func update(_ expense: UUID, group: UUID, with draft: ExpenseDraft, user: UUID, revision: Int64,
                on connection: PostgresConnection) async throws {
        try await members.requireMembers(draft.memberIDs, group: group, on: connection)
        try await checkSplitGiven(draft, group: group, on: connection)
        try await CategoryCheck(database: database).require([draft], group: group, on: connection)
        let currency = draft.amount.currency
        // The stored rule matters only when the draft leaves it out.
        let stored = draft.splitGiven == nil ? try await storedSplitGiven(expense, group: group, on: connection) : nil
        let given = StoredSplitGiven.text(draft.splitGiven(keeping: stored), currency: currency)
        let now = dependencies.now()
        let rows = try await connection.query("""
            UPDATE expenses SET description = \(draft.description),
                amount = \(StoredAmount.text(draft.amount.minorUnits, currency))::numeric,
                currency = \(currency.code), category = \(draft.category.rawValue),
                paid_by_member_id = \(draft.paidBy), expense_date = \(draft.date.description)::date,
                note = \(draft.note), updated_by_user_id = \(user), revision = \(revision),
                split_given = \(given)::jsonb
            WHERE id = \(expense) AND group_id = \(group) AND is_deleted IS NOT TRUE
            RETURNING id
            """, logger: database.logger)
        var updated = false
        for try await _ in rows { updated = true }
        guard updated else { throw ExpenseError.notFound(expense: expense) }
        let memberIDs = draft.splits.map(\.member)
        try await connection.query(
            "DELETE FROM expense_splits WHERE expense_id = \(expense) AND NOT (member_id = ANY(\(memberIDs)))",
            logger: database.logger)
        let amounts = draft.splits.map { StoredAmount.text($0.amount, currency) }
        // -1 keeps the stored state; 0 and 1 set it.
        let paid = draft.splits.map { share -> Int32 in share.isPaid.map { $0 ? 1 : 0 } ?? -1 }
        try await connection.query("""
            UPDATE expense_splits s SET amount = t.amount::numeric,
                is_paid = CASE WHEN t.paid = -1 THEN s.is_paid ELSE t.paid = 1 END,
                paid_at = CASE WHEN t.paid = -1 THEN s.paid_at WHEN t.paid = 1 THEN COALESCE(s.paid_at, \(now)::timestamptz) END
            FROM unnest(\(memberIDs)::uuid[], \(amounts)::text[], \(paid)::int4[]) AS t(member, amount, paid)
            WHERE s.expense_id = \(expense) AND s.member_id = t.member
            """, logger: database.logger)
        try await connection.query("""
            INSERT INTO expense_splits (expense_id, member_id, amount, is_paid, paid_at, marked_paid_by_user_id)
            SELECT \(expense), t.member, t.amount::numeric, t.paid = 1,
                   CASE WHEN t.paid = 1 THEN \(now)::timestamptz END, CASE WHEN t.paid = 1 THEN \(user)::uuid END
            FROM unnest(\(memberIDs)::uuid[], \(amounts)::text[], \(paid)::int4[]) AS t(member, amount, paid)
            WHERE NOT EXISTS (SELECT 1 FROM expense_splits s WHERE s.expense_id = \(expense) AND s.member_id = t.member)
            """, logger: database.logger)
        try await payers.replace(expense: expense, with: draft, on: connection)
    }

    /// Refuses a split as given that names someone outside the group
    /// (``ExpenseError/splitGivenMember(_:)``, as the splits' members are checked) or that does
    /// not give the draft's splits (``ExpenseError/splitGivenMismatch(_:)``), in that order.
    func checkSplitGiven(_ draft: ExpenseDraft, group: UUID, on connection: PostgresConnection) async throws {
        guard draft.splitGiven != nil else { return }
        do {
            try await members.requireMembers(draft.givenMembers, group: group, on: connection)
        } catch MemberError.notInGroup(let member) {
            throw ExpenseError.splitGivenMember(member)
        }
        try draft.checkSplitGiven()
    }

    /// The rule stored with a live expense, read in its stored currency (in minor units, so an
    /// edit that changes only the currency code keeps what it still gives); nil for none.
    private func storedSplitGiven(_ expense: UUID, group: UUID, on connection: PostgresConnection) async throws -> SplitRule? {
        let rows = try await connection.query(
            "SELECT split_given::text, currency FROM expenses WHERE id = \(expense) AND group_id = \(group)",
            logger: database.logger)
        for try await (text, code) in rows.decode((String?, String?).self) {
            guard let code, let currency = try? Currency(code: code) else { return nil }
            return StoredSplitGiven.read(text, currency: currency)
        }
        return nil
    }

    /// Soft-deletes a live expense at `revision`; a second delete is ``ExpenseError/notFound(expense:)``, as on the Node server (404).
    func delete(_ expense: UUID, group: UUID, user: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        let rows = try await connection.query("""
            UPDATE expenses SET is_deleted = true, deleted_at = \(dependencies.now()), deleted_by_user_id = \(user),
                revision = \(revision)
            WHERE id = \(expense) AND group_id = \(group) AND is_deleted IS NOT TRUE
            RETURNING id
            """, logger: database.logger)
        for try await _ in rows { return }
        throw ExpenseError.notFound(expense: expense)
    }

    /// Whether `user` may edit or delete the expense: its creator, the group's owner, or a group
    /// user with `can_edit_all_expenses` or the admin role (the Node server's rule).
    func canEdit(_ expense: UUID, user: UUID, on connection: PostgresConnection) async throws -> Bool {
        let rows = try await connection.query("""
            SELECT e.created_by_user_id = \(user) OR g.owner_id = \(user) OR EXISTS (
                SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = \(user)
                  AND (gm.can_edit_all_expenses OR gm.role IN ('owner', 'admin')))
            FROM expenses e JOIN trip_groups g ON g.id = e.group_id WHERE e.id = \(expense)
            """, logger: database.logger)
        for try await allowed in rows.decode(Bool?.self) { return allowed ?? false }
        return false
    }
}
