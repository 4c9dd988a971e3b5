import Foundation
@testable import SplitServer

/// Helpers for expenses several members paid.
extension API {
    /// `[{"memberId":…,"amount":…},…]`, amounts as written.
    static func payersJSON(_ payers: [(String, String)], key: String = "memberId") -> String {
        "[" + payers.map { #"{"\#(key)":"\#($0.0)","amount":\#($0.1)}"# }.joined(separator: ",") + "]"
    }

    /// An expense body (``expenseJSON(group:payer:amount:currency:splits:date:category:description:)``)
    /// with `payers`, and `isPaid` on the splits that have it.
    static func expenseJSON(group: String, payer: String, amount: String, currency: String = "JPY",
                            splits: [(String, String, Bool)], payers: [(String, String)]?, date: String = "2025-01-20",
                            description: String = "Hotel") -> String {
        let shares = splits.map { #"{"memberId":"\#($0.0)","amount":\#($0.1),"isPaid":\#($0.2)}"# }.joined(separator: ",")
        let extra = payers.map { #","payers":\#(payersJSON($0))"# } ?? ""
        return #"{"groupId":"\#(group)","description":"\#(description)","amount":\#(amount),"currency":"\#(currency)","category":"Hotel","paidByMemberId":"\#(payer)","expenseDate":"\#(date)","splits":[\#(shares)]\#(extra)}"#
    }

    /// Posts an expense with payers and returns its id.
    @discardableResult
    func addExpense(_ token: String, group: String, payer: String, amount: String, currency: String = "JPY",
                    splits: [(String, String, Bool)], payers: [(String, String)]?, date: String = "2025-01-20",
                    description: String = "Hotel") async throws -> String {
        let reply = try await call(.post, "/api/expenses", token: token, json: Self.expenseJSON(
            group: group, payer: payer, amount: amount, currency: currency, splits: splits, payers: payers, date: date,
            description: description))
        guard reply.status == .created, let id = reply.json["expenseId"].stringValue else {
            throw HarnessError("add expense failed: \(reply)")
        }
        return id
    }

    /// Rows of `expense_payers`, as `member=amount@row`, in member order.
    func storedPayers(of expense: String? = nil) async throws -> [String] {
        try await TestCluster.withAdmin(settings) { connection in
            var rows: [String] = []
            let filter = expense.map { " WHERE expense_id = '\($0)'" } ?? ""
            for try await (member, amount, row) in try await connection.query(
                .init(unsafeSQL: "SELECT member_id::text, amount::text, row_id::text FROM expense_payers\(filter) ORDER BY member_id"),
                logger: TestCluster.logger).decode((String, String, String).self) {
                rows.append("\(member)=\(amount)@\(row)")
            }
            return rows
        }
    }
}
