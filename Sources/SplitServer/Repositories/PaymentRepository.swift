import Foundation
import PostgresNIO
import SplitCore

/// Reimbursements between members of a group (`split pay`).
struct PaymentRepository: Sendable {
    let database: ServerDatabase
    let members: MemberRepository
    /// New payment ids and creation times.
    let dependencies: ServerDependencies

    /// The columns ``records(_:)`` decodes, for SELECT and RETURNING alike.
    static let columns = """
        id, group_id, from_member_id, to_member_id, (amount * 100)::int8, (amount * 1000)::int8, currency, note,
        to_char(payment_date, 'YYYY-MM-DD'), to_char(created_at AT TIME ZONE 'UTC', '\(isoTimestampFormat)')
        """

    func list(group: UUID) async throws -> [PaymentRecord] {
        try await Self.records(database.query("""
            SELECT \(unescaped: Self.columns) FROM settlement_payments WHERE group_id = \(group)
            ORDER BY payment_date DESC, created_at DESC, id
            """))
    }

    static func records(_ rows: PostgresRowSequence) async throws -> [PaymentRecord] {
        var payments: [PaymentRecord] = []
        for try await (id, groupID, from, to, cents, thousandths, code, note, date, created) in rows.decode(
            (UUID, UUID, UUID, UUID, Int64, Int64, String, String?, String, String).self) {
            let currency = try StoredValue.currency(code, table: "settlement_payments", row: id)
            payments.append(PaymentRecord(
                id: id, groupID: groupID, from: from, to: to,
                amount: Money(minorUnits: StoredAmount.minor(cents: cents, thousandths: thousandths, currency: currency), currency: currency),
                note: note, date: try StoredValue.date(date, table: "settlement_payments", column: "payment_date", row: id),
                createdAt: created))
        }
        return payments
    }

    /// Records a payment at `revision`. With a client-chosen `id` that exists already: the
    /// stored payment when it is this group's with the same content (`created` false),
    /// otherwise a ``ClientIDError``; an id deleted before is one too.
    func create(id: UUID?, from: UUID, to: UUID, amount: Money, date: CivilDate, note: String?, group: UUID, user: UUID,
                revision: Int64, on connection: PostgresConnection) async throws -> (payment: PaymentRecord, created: Bool) {
        do {
            try Payment.validate(from: ExpenseRecord.member(from), to: ExpenseRecord.member(to), minorUnits: amount.minorUnits,
                                 amountText: amount.majorText)
        } catch {
            throw SettlementPaymentError.rule(error)
        }
        if let id {
            let stored = try await Self.records(connection.query(
                "SELECT \(unescaped: Self.columns) FROM settlement_payments WHERE id = \(id)", logger: database.logger))
            if let stored = stored.first {
                guard stored.groupID == group, stored.from == from, stored.to == to, stored.amount == amount,
                      stored.date == date, stored.note == note else {
                    throw ClientIDError.taken(kind: "payment", id: id)
                }
                return (stored, false)
            }
            try await members.refuseDeleted(id, kind: "payment", on: connection)
        }
        try await members.requireMembers([from, to], group: group, on: connection)
        let rows = try await connection.query("""
            INSERT INTO settlement_payments (id, group_id, from_member_id, to_member_id, amount, currency, note,
                                             payment_date, created_by_user_id, revision, created_at)
            VALUES (\(id ?? dependencies.newID()), \(group), \(from), \(to),
                    \(StoredAmount.text(amount.minorUnits, amount.currency))::numeric,
                    \(amount.currency.code), \(note), \(date.description)::date, \(user), \(revision), \(dependencies.now()))
            RETURNING \(unescaped: Self.columns)
            """, logger: database.logger)
        guard let payment = try await Self.records(rows).first else { throw SettlementPaymentError.notStored }
        return (payment, true)
    }

    /// The payment's revision, locked until the transaction ends; nil if the group has no such payment.
    func lockRevision(_ payment: UUID, group: UUID, on connection: PostgresConnection) async throws -> Int64? {
        let rows = try await connection.query(
            "SELECT revision FROM settlement_payments WHERE id = \(payment) AND group_id = \(group) FOR UPDATE",
            logger: database.logger)
        for try await revision in rows.decode(Int64.self) { return revision }
        return nil
    }

    /// Deletes a payment at `revision`, leaving a tombstone; ``SettlementPaymentError/notFound(payment:)`` if the group has none.
    func delete(_ payment: UUID, group: UUID, revision: Int64, on connection: PostgresConnection) async throws {
        let rows = try await connection.query(
            "DELETE FROM settlement_payments WHERE id = \(payment) AND group_id = \(group) RETURNING id", logger: database.logger)
        var found = false
        for try await _ in rows { found = true }
        guard found else { throw SettlementPaymentError.notFound(payment: payment) }
        try await Tombstones.add(kind: "payment", item: payment.uuidString.lowercased(), group: group, revision: revision,
                                 on: connection, logger: database.logger)
    }
}
