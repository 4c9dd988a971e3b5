import Foundation
import Logging
import PostgresNIO
@testable import SplitServer
import Testing

/// A stored value the server cannot read is never replaced by a default (JPY, 1970-01-01, an
/// empty string): the answer is a 500 with a JSON error naming the table, column and row.
///
/// Rows are corrupted with plain SQL in the test's own database, dropping a CHECK where the
/// schema would refuse the value, as rows written by the Node server or by hand could be.
@Suite("split-server unreadable stored data", .serialized)
struct StoredDataTests {
    /// SQL that corrupts one row, the route that reads it, and what the error must name.
    struct Corruption: CustomTestStringConvertible, Sendable {
        let label: String
        let sql: @Sendable (_ ids: Trip) -> [String]
        let route: @Sendable (_ ids: Trip) -> String
        let names: @Sendable (_ ids: Trip) -> String
        var testDescription: String { label }
    }

    /// The ids of the corrupted trip.
    struct Trip: Sendable {
        let group: String
        let expense: String
        let payment: String
        let member: String
        let split: String
    }

    static let corruptions: [Corruption] = [
        .init(label: "unknown expense currency (was JPY behind a try!)",
              sql: { t in ["ALTER TABLE expenses DROP CONSTRAINT IF EXISTS expenses_currency_known",
                           "ALTER TABLE expenses DROP CONSTRAINT IF EXISTS expenses_currency_check",
                           "UPDATE expenses SET currency = 'XQQ' WHERE id = '\(t.expense)'"] },
              route: { t in "/api/groups/\(t.group)/expenses" },
              names: { t in "expenses.currency of row \(t.expense) holds 'XQQ'" }),
        .init(label: "NULL expense currency",
              sql: { t in ["UPDATE expenses SET currency = NULL WHERE id = '\(t.expense)'"] },
              route: { t in "/api/groups/\(t.group)/balances?currency=JPY" },
              names: { t in "expenses.currency of row \(t.expense) holds NULL" }),
        .init(label: "unknown payment currency",
              sql: { t in ["UPDATE settlement_payments SET currency = 'ZZZ' WHERE id = '\(t.payment)'"] },
              route: { t in "/api/groups/\(t.group)/payments" },
              names: { t in "settlement_payments.currency of row \(t.payment) holds 'ZZZ'" }),
        .init(label: "payment date the server cannot read (was 1970-01-01)",
              sql: { t in ["UPDATE settlement_payments SET payment_date = make_date(12025, 1, 20) WHERE id = '\(t.payment)'"] },
              route: { t in "/api/groups/\(t.group)/payments" },
              names: { t in "settlement_payments.payment_date of row \(t.payment) holds '12025-01-20'" }),
        .init(label: "expense date the server cannot read (was 1970-01-01)",
              sql: { t in ["UPDATE expenses SET expense_date = make_date(12025, 1, 20) WHERE id = '\(t.expense)'"] },
              route: { t in "/api/groups/\(t.group)/expenses" },
              names: { t in "expenses.expense_date of row \(t.expense) holds '12025-01-20'" }),
        .init(label: "member without a creation time (was an empty string)",
              sql: { t in ["UPDATE members SET created_at = NULL WHERE id = '\(t.member)'"] },
              route: { t in "/api/groups/\(t.group)/members" },
              names: { t in "members.created_at of row \(t.member) holds NULL" }),
        .init(label: "history entry with an unknown action (was marked_paid)",
              sql: { t in ["ALTER TABLE payment_history DROP CONSTRAINT IF EXISTS payment_history_action_check",
                           "UPDATE payment_history SET action = 'refunded' WHERE expense_split_id = '\(t.split)'"] },
              route: { t in "/api/expense-splits/\(t.split)/history" },
              names: { _ in "payment_history.action of row" }),
        .init(label: "group without an invite code (was an empty string)",
              sql: { t in ["UPDATE trip_groups SET invite_code = NULL WHERE id = '\(t.group)'"] },
              route: { _ in "/api/groups" },
              names: { t in "trip_groups.invite_code of row \(t.group) holds NULL" }),
    ]

    @Test("a corrupted row makes its reading route answer 500 with a JSON error naming the row", arguments: corruptions)
    func corrupted(_ corruption: Corruption) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let expense = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "300",
                                                   splits: [(m["Alex"]!, "150"), (m["Bea"]!, "150")])
            let payment = try await api.call(.post, "/api/groups/\(group)/payments", token: token,
                json: #"{"fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":150,"currency":"JPY"}"#)
            let listed = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            let split = try #require(listed.json["expenses"][0]["splits"][0]["id"].stringValue)
            let paid = try await api.call(.patch, "/api/expense-splits/\(split)/payment", token: token, json: #"{"isPaid":true}"#)
            #expect(paid.status == .ok, "\(paid)")
            let trip = Trip(group: group, expense: expense, payment: try #require(payment.json["payment"]["id"].stringValue),
                            member: m["Bea"]!, split: split)
            let route = corruption.route(trip)
            let before = try await api.call(.get, route, token: token)
            #expect(before.status == .ok, "the route must read the row fine before it is corrupted: \(before)")

            try await TestCluster.withAdmin(api.settings) { connection in
                // The revision bump keeps the cached expense listing from answering for the old row.
                let bump = "UPDATE trip_groups SET revision = revision + 1 WHERE id = '\(group)'"
                for statement in corruption.sql(trip) + [bump] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: TestCluster.logger)
                }
            }
            let reply = try await api.call(.get, route, token: token)
            #expect(reply.status == .internalServerError, "\(reply)")
            #expect(reply.headers[.contentType]?.hasPrefix("application/json") == true, "\(reply)")
            #expect(reply.error?.hasPrefix("stored data is unreadable: ") == true, "\(reply)")
            #expect(reply.error?.contains(corruption.names(trip)) == true, "\(reply)")
        }
    }
}
