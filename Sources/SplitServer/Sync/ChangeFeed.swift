import Foundation
import PostgresNIO
import SplitAPI
import SplitCore

/// Reads what changed in a group after a revision: the change feed, the `current` item of a
/// 412 or a sync conflict, and the changes part of a sync answer.
///
/// **Why no reader skips a change.** Every write transaction starts by bumping the group's
/// `revision` (``GroupRepository/bump(_:on:)``), which locks the group row until it commits, so
/// writes to one group commit in revision order. The feed reads the group's revision R and the
/// rows in one REPEATABLE READ snapshot: every write numbered R or lower committed before the
/// write numbered R did, so the snapshot holds all of them and none numbered higher. A later
/// read therefore never finds a change numbered R or lower that this one missed.
///
/// **Paging.** The first query finds the revisions of the next `limit + 1` items (each table by
/// its `(group_id, revision)` index), and the answer stops before the revision of the item past
/// the limit, so a revision is never cut in two. A single revision with more items than the
/// limit (a from-local upload) is sent whole. The cost follows the number of changes, not the
/// size of the group.
struct ChangeFeed: Sendable {
    let database: ServerDatabase
    /// The payers of expenses several members paid, which their feed items carry.
    let payers: PayerRepository

    /// The changes after `since`, at most about `limit` items. A caller that has just read the
    /// group's revision passes it as `current`: when the client holds it already, the answer
    /// needs no further query.
    func changes(group: UUID, since: Int64, limit: Int, current: Int64? = nil) async throws -> SyncChanges {
        if since == current { return Self.nothingNew(at: since) }
        return try await database.snapshot { connection in
            try await changes(group: group, since: since, limit: limit, on: connection)
        }
    }

    /// As ``changes(group:since:limit:)``, on a connection already in a snapshot.
    func changes(group: UUID, since: Int64, limit: Int, on connection: PostgresConnection) async throws -> SyncChanges {
        let head = try await groupRow(group, on: connection)
        guard since < head.revision else { return Self.nothingNew(at: head.revision) }
        let probe = Int64(limit + 1)
        let rows = try await connection.query("""
            SELECT revision FROM (
              (SELECT revision FROM members WHERE group_id = \(group) AND revision > \(since) ORDER BY revision LIMIT \(probe))
              UNION ALL
              (SELECT revision FROM expenses WHERE group_id = \(group) AND revision > \(since) ORDER BY revision LIMIT \(probe))
              UNION ALL
              (SELECT revision FROM settlement_payments WHERE group_id = \(group) AND revision > \(since) ORDER BY revision LIMIT \(probe))
              UNION ALL
              (SELECT revision FROM group_rates WHERE group_id = \(group) AND revision > \(since) ORDER BY revision LIMIT \(probe))
              UNION ALL
              (SELECT revision FROM recurring_rules WHERE group_id = \(group) AND revision > \(since) ORDER BY revision LIMIT \(probe))
              UNION ALL
              (SELECT categories_revision FROM trip_groups WHERE id = \(group) AND categories_revision > \(since))
              UNION ALL
              (SELECT revision FROM currency_exchanges WHERE group_id = \(group) AND revision > \(since) ORDER BY revision LIMIT \(probe))
              UNION ALL
              (SELECT revision FROM sync_tombstones WHERE group_id = \(group) AND revision > \(since) ORDER BY revision LIMIT \(probe))
            ) t ORDER BY revision LIMIT \(probe)
            """, logger: database.logger)
        var revisions: [Int64] = []
        for try await revision in rows.decode(Int64.self) { revisions.append(revision) }
        var upTo = head.revision
        if revisions.count > limit {
            let past = revisions[limit]
            upTo = past - 1 > since ? past - 1 : past
        }
        let range = Window(after: since, upTo: upTo)
        return SyncChanges(
            revision: upTo, more: upTo < head.revision,
            group: head.fieldsRevision > since && head.fieldsRevision <= upTo ? head.change : nil,
            members: try await members(group: group, in: range, on: connection),
            expenses: try await expenses(group: group, in: range, on: connection),
            payments: try await payments(group: group, in: range, on: connection),
            rates: try await rates(group: group, in: range, on: connection),
            recurring: try await recurring(group: group, in: range, on: connection),
            categories: try await categories(group: group, in: range, on: connection),
            exchanges: try await exchangeSteps(group: group, in: range, on: connection))
    }

    private static func nothingNew(at revision: Int64) -> SyncChanges {
        SyncChanges(revision: revision, more: false, members: [], expenses: [], payments: [], rates: [], exchanges: [])
    }

    // MARK: Current items, for 412 answers and sync conflicts

    func member(_ id: UUID, group: UUID, on connection: PostgresConnection) async throws -> ChangeItem? {
        try await members(group: group, in: .all, only: id.uuidString.lowercased(), on: connection).first.map(ChangeItem.member)
    }

    func expense(_ id: UUID, group: UUID, on connection: PostgresConnection) async throws -> ChangeItem? {
        try await expenses(group: group, in: .all, only: id, on: connection).first.map(ChangeItem.expense)
    }

    func payment(_ id: UUID, group: UUID, on connection: PostgresConnection) async throws -> ChangeItem? {
        try await payments(group: group, in: .all, only: id.uuidString.lowercased(), on: connection).first.map(ChangeItem.payment)
    }

    func rate(_ currency: String, group: UUID, on connection: PostgresConnection) async throws -> ChangeItem? {
        try await rates(group: group, in: .all, only: currency, on: connection).first.map(ChangeItem.rate)
    }

    func recurringRule(_ id: UUID, group: UUID, on connection: PostgresConnection) async throws -> ChangeItem? {
        try await recurring(group: group, in: .all, only: id.uuidString.lowercased(), on: connection).first.map(ChangeItem.recurring)
    }

    func exchangeStep(_ step: UUID, group: UUID, on connection: PostgresConnection) async throws -> ChangeItem? {
        try await exchangeSteps(group: group, in: .all, only: step.uuidString.lowercased(), on: connection).first
            .map(ChangeItem.exchanges)
    }

    func groupFields(_ group: UUID, on connection: PostgresConnection) async throws -> ChangeItem {
        .group(try await groupRow(group, on: connection).change)
    }

    // MARK: Rows

    /// Revisions `after < r <= upTo`.
    struct Window {
        let after: Int64
        let upTo: Int64
        static let all = Window(after: -1, upTo: .max)
    }

    private struct GroupHead {
        let revision: Int64
        let fieldsRevision: Int64
        let change: Components.Schemas.GroupChange
    }

    private func groupRow(_ group: UUID, on connection: PostgresConnection) async throws -> GroupHead {
        let rows = try await connection.query(
            "SELECT revision, fields_revision, name, description, currency FROM trip_groups WHERE id = \(group)",
            logger: database.logger)
        for try await (revision, fields, name, description, currency) in rows.decode(
            (Int64, Int64, String, String?, String?).self) {
            return GroupHead(revision: revision, fieldsRevision: fields, change: .init(
                id: group.uuidString.lowercased(), name: name, description: description, currency: currency,
                revision: fields))
        }
        throw GroupError.notFound(group: group)
    }

    private func members(group: UUID, in window: Window, only: String? = nil, on connection: PostgresConnection)
        async throws -> [Components.Schemas.MemberChange] {
        let rows = try await connection.query("""
            SELECT id::text, revision, false, name, user_id, to_char(left_on, 'YYYY-MM-DD') FROM members
            WHERE group_id = \(group) AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR id = \(only)::uuid)
            UNION ALL
            SELECT item, revision, true, NULL, NULL, NULL FROM sync_tombstones
            WHERE group_id = \(group) AND kind = 'member' AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR item = \(only))
            ORDER BY 2, 1
            """, logger: database.logger)
        var items: [Components.Schemas.MemberChange] = []
        for try await (id, revision, deleted, name, user, leftOn) in rows.decode((String, Int64, Bool, String?, UUID?, String?).self) {
            items.append(.init(id: id, revision: revision, deleted: deleted, name: name,
                               userId: user?.uuidString.lowercased(), leftOn: leftOn))
        }
        return items
    }

    private func expenses(group: UUID, in window: Window, only: UUID? = nil, on connection: PostgresConnection)
        async throws -> [Components.Schemas.ExpenseChange] {
        let rows = try await connection.query("""
            SELECT id, revision, is_deleted IS TRUE, description, (amount * 100)::int8, (amount * 1000)::int8, currency, category,
                   paid_by_member_id, to_char(expense_date, 'YYYY-MM-DD'), note,
                   to_char(created_at AT TIME ZONE 'UTC', \(unescaped: "'\(isoTimestampFormat)'")), split_given::text
            FROM expenses
            WHERE group_id = \(group) AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::uuid IS NULL OR id = \(only))
            ORDER BY revision, id
            """, logger: database.logger)
        var items: [Components.Schemas.ExpenseChange] = []
        var live: [UUID: (index: Int, currency: Currency)] = [:]
        // The split as given is read once the splits are known: it counts only while it gives them.
        var given: [UUID: (text: String, amount: Money)] = [:]
        var shares: [UUID: [ExpenseSplit]] = [:]
        for try await (id, revision, deleted, description, cents, thousandths, code, category, payer, date, note, created, rule)
            in rows.decode((UUID, Int64, Bool, String?, Int64, Int64, String?, String, UUID, String, String?, String?, String?).self) {
            let key = id.uuidString.lowercased()
            guard !deleted else {
                items.append(.init(id: key, revision: revision, deleted: true))
                continue
            }
            let currency = try StoredValue.currency(code, table: "expenses", row: id)
            let minor = StoredAmount.minor(cents: cents, thousandths: thousandths, currency: currency)
            live[id] = (items.count, currency)
            if let rule { given[id] = (rule, Money(minorUnits: minor, currency: currency)) }
            items.append(.init(
                id: key, revision: revision, deleted: false, description: description ?? "",
                amount: WireAmount.number(minor, currency), currency: currency.code, category: category,
                paidByMemberId: payer.uuidString.lowercased(),
                expenseDate: try StoredValue.date(date, table: "expenses", column: "expense_date", row: id).description,
                note: note, createdAt: try StoredValue.present(created, table: "expenses", column: "created_at", row: id),
                splits: []))
        }
        guard !live.isEmpty else { return items }
        let splitRows = try await connection.query("""
            SELECT s.expense_id, s.id, s.member_id, (s.amount * 100)::int8, (s.amount * 1000)::int8, s.is_paid IS TRUE
            FROM unnest(\(Array(live.keys))::uuid[]) AS x(id)
            CROSS JOIN LATERAL (SELECT * FROM expense_splits WHERE expense_id = x.id OFFSET 0) s
            """, logger: database.logger)
        for try await (expense, id, member, cents, thousandths, paid) in splitRows.decode((UUID, UUID, UUID, Int64, Int64, Bool).self) {
            guard let (index, currency) = live[expense] else { continue }
            let minor = StoredAmount.minor(cents: cents, thousandths: thousandths, currency: currency)
            items[index].splits?.append(.init(
                id: id.uuidString.lowercased(), memberId: member.uuidString.lowercased(),
                amount: WireAmount.number(minor, currency), isPaid: paid))
            if given[expense] != nil {
                shares[expense, default: []].append(ExpenseSplit(memberID: ExpenseRecord.member(member), amount: minor))
            }
        }
        for (expense, stored) in given {
            guard let (index, currency) = live[expense],
                  let rule = StoredSplitGiven.rule(stored.text, currency: currency, splits: shares[expense] ?? [], amount: stored.amount)
            else { continue }
            items[index].splitGiven = StoredSplitGiven.wire(rule, currency: currency)
        }
        // One index lookup per expense, whatever the statistics say (OFFSET 0 keeps the planner
        // from folding the lookup into a join it may run as a scan): as `expense_id = ANY(...)`,
        // a table that grew faster than autovacuum analyses it was read whole (40 ms for 100
        // expenses among 500,000 splits, against under 1 ms). Sorted here for the same reason.
        for (index, _) in live.values { items[index].splits?.sort { $0.memberId < $1.memberId } }
        // One item per expense however many paid it: `payers` only where two or more did.
        var currencies: [UUID: Currency] = [:]
        for (id, entry) in live { currencies[id] = entry.currency }
        for (expense, payers) in try await payers.payers(of: currencies, on: connection) {
            guard let (index, currency) = live[expense], payers.count > 1 else { continue }
            items[index].payers = payers.map { payer in
                .init(memberId: payer.memberID.uuidString.lowercased(), amount: WireAmount.number(payer.amount, currency))
            }
        }
        return items
    }

    private func payments(group: UUID, in window: Window, only: String? = nil, on connection: PostgresConnection)
        async throws -> [Components.Schemas.PaymentChange] {
        let rows = try await connection.query("""
            SELECT id::text, id, revision, false, from_member_id, to_member_id, (amount * 100)::int8, (amount * 1000)::int8, currency, note,
                   to_char(payment_date, 'YYYY-MM-DD'), to_char(created_at AT TIME ZONE 'UTC', \(unescaped: "'\(isoTimestampFormat)'"))
            FROM settlement_payments
            WHERE group_id = \(group) AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR id = \(only)::uuid)
            UNION ALL
            SELECT item, NULL, revision, true, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM sync_tombstones
            WHERE group_id = \(group) AND kind = 'payment' AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR item = \(only))
            ORDER BY 3, 1
            """, logger: database.logger)
        var items: [Components.Schemas.PaymentChange] = []
        for try await (id, uuid, revision, deleted, from, to, cents, thousandths, code, note, date, created) in rows.decode(
            (String, UUID?, Int64, Bool, UUID?, UUID?, Int64?, Int64?, String?, String?, String?, String?).self) {
            guard !deleted, let row = uuid, let from, let to, let cents, let thousandths else {
                items.append(.init(id: id, revision: revision, deleted: true))
                continue
            }
            let currency = try StoredValue.currency(code, table: "settlement_payments", row: row)
            items.append(.init(
                id: id, revision: revision, deleted: false, fromMemberId: from.uuidString.lowercased(),
                toMemberId: to.uuidString.lowercased(),
                amount: WireAmount.number(StoredAmount.minor(cents: cents, thousandths: thousandths, currency: currency), currency),
                currency: currency.code, note: note,
                paymentDate: try StoredValue.date(date, table: "settlement_payments", column: "payment_date", row: row).description,
                createdAt: created))
        }
        return items
    }

    private func rates(group: UUID, in window: Window, only: String? = nil, on connection: PostgresConnection)
        async throws -> [Components.Schemas.RateChange] {
        let rows = try await connection.query("""
            SELECT currency, revision, false, rate FROM group_rates
            WHERE group_id = \(group) AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR currency = \(only))
            UNION ALL
            SELECT item, revision, true, NULL FROM sync_tombstones
            WHERE group_id = \(group) AND kind = 'rate' AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR item = \(only))
            ORDER BY 2, 1
            """, logger: database.logger)
        var items: [Components.Schemas.RateChange] = []
        for try await (currency, revision, deleted, rate) in rows.decode((String, Int64, Bool, String?).self) {
            items.append(.init(currency: currency, revision: revision, deleted: deleted, rate: rate))
        }
        return items
    }

    /// Settle steps (feature `conversions`): one item per step with its exchanges, or a tombstone.
    private func exchangeSteps(group: UUID, in window: Window, only: String? = nil, on connection: PostgresConnection)
        async throws -> [Components.Schemas.ExchangeStepChange] {
        let rows = try await connection.query("""
            SELECT step_id::text, revision, false, id::text, member_id::text, from_minor, from_currency, to_minor, to_currency,
                   to_char(exchange_date, 'YYYY-MM-DD'), to_char(created_at AT TIME ZONE 'UTC', \(unescaped: "'\(isoTimestampFormat)'"))
            FROM currency_exchanges
            WHERE group_id = \(group) AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR step_id = \(only)::uuid)
            UNION ALL
            SELECT item, revision, true, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM sync_tombstones
            WHERE group_id = \(group) AND kind = 'exchanges' AND revision > \(window.after) AND revision <= \(window.upTo)
              AND (\(only)::text IS NULL OR item = \(only))
            ORDER BY 2, 1, 4
            """, logger: database.logger)
        var steps: [Components.Schemas.ExchangeStepChange] = []
        for try await (step, revision, deleted, id, member, fromMinor, fromCode, toMinor, toCode, date, created) in rows.decode(
            (String, Int64, Bool, String?, String?, Int64?, String?, Int64?, String?, String?, String?).self) {
            guard !deleted, let id, let member, let fromMinor, let fromCode, let toMinor, let toCode, let date else {
                steps.append(.init(id: step, revision: revision, deleted: true))
                continue
            }
            if steps.last?.id != step || steps.last?.deleted != false {
                steps.append(.init(id: step, revision: revision, deleted: false, createdAt: created, exchanges: []))
            }
            steps[steps.count - 1].exchanges?.append(.init(
                id: id, memberId: member, fromMinorUnits: fromMinor, fromCurrency: fromCode, toMinorUnits: toMinor,
                toCurrency: toCode, exchangeDate: date))
        }
        return steps
    }
}
