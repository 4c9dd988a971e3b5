import Foundation
import PostgresNIO
import SplitCore

/// Reimbursements between members of a group (`split pay`).
struct PaymentRepository: Sendable {
    let database: ServerDatabase
    let members: MemberRepository

    /// The columns ``records(_:)`` decodes, for SELECT and RETURNING alike.
    static let columns = """
        id, group_id, from_member_id, to_member_id, (amount * 100)::int8, currency, note,
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
        for try await (id, groupID, from, to, cents, code, note, date, created) in rows.decode(
            (UUID, UUID, UUID, UUID, Int64, String, String?, String, String).self) {
            let currency = try StoredValue.currency(code, table: "settlement_payments", row: id)
            payments.append(PaymentRecord(
                id: id, groupID: groupID, from: from, to: to,
                amount: Money(minorUnits: StoredAmount.minor(cents: cents, currency: currency), currency: currency),
                note: note, date: try StoredValue.date(date, table: "settlement_payments", column: "payment_date", row: id),
                createdAt: created))
        }
        return payments
    }

    func create(from: UUID, to: UUID, amount: Money, date: CivilDate, note: String?, group: UUID, user: UUID)
        async throws -> PaymentRecord {
        guard from != to else { throw APIError.badRequest("fromMemberId and toMemberId must be different members") }
        return try await database.transaction { connection in
            try await members.requireMembers([from, to], group: group, on: connection)
            let rows = try await connection.query("""
                INSERT INTO settlement_payments (group_id, from_member_id, to_member_id, amount, currency, note,
                                                 payment_date, created_by_user_id)
                VALUES (\(group), \(from), \(to), \(StoredAmount.text(amount.minorUnits, amount.currency))::numeric,
                        \(amount.currency.code), \(note), \(date.description)::date, \(user))
                RETURNING \(unescaped: Self.columns)
                """, logger: database.logger)
            guard let payment = try await Self.records(rows).first else { throw APIError.conflict("payment not stored") }
            return payment
        }
    }
}
