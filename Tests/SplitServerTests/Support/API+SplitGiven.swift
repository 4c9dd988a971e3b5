import Foundation
import PostgresNIO
import SplitAPI
@testable import SplitServer

/// Helpers for the split as given (`splitGiven`): bodies that carry one, and what is stored.
extension API {
    typealias Given = Components.Schemas.SplitGiven

    /// An expense body in USD (paid by `payer`) with `splitGiven` written as raw JSON, or
    /// without it when nil; `id` for a client-chosen id.
    static func givenJSON(group: String? = nil, payer: String, amount: String, splits: [(String, String)],
                          given: String?, id: String? = nil, description: String = "Dinner") -> String {
        let shares = splits.map { #"{"memberId":"\#($0.0)","amount":\#($0.1)}"# }.joined(separator: ",")
        var fields = [#""description":"\#(description)""#, #""amount":\#(amount)"#, #""currency":"USD""#,
                      #""category":"Meal""#, #""paidByMemberId":"\#(payer)""#, #""expenseDate":"2025-01-20""#,
                      #""splits":[\#(shares)]"#]
        if let group { fields.insert(#""groupId":"\#(group)""#, at: 0) }
        if let id { fields.insert(#""id":"\#(id)""#, at: 0) }
        if let given { fields.append(#""splitGiven":\#(given)"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `{"mode":…,"parts":[{"memberId":…,"value":…},…]}` with values written as given.
    static func parts(_ mode: String, _ parts: [(String, String)]) -> String {
        #"{"mode":"\#(mode)","parts":["# + parts.map { #"{"memberId":"\#($0.0)","value":\#($0.1)}"# }.joined(separator: ",") + "]}"
    }

    /// Posts an expense with a split as given; returns the reply as it is.
    func postGiven(_ token: String, group: String, payer: String, amount: String, splits: [(String, String)],
                   given: String?) async throws -> Reply {
        try await call(.post, "/api/expenses", token: token, json: Self.givenJSON(
            group: group, payer: payer, amount: amount, splits: splits, given: given))
    }

    /// A trip of Alex (a) and Bea (b) with one USD 30 expense Alex paid, shared 1:2 and given
    /// as those shares; its id.
    func sharedThirty() async throws -> (token: String, group: String, a: String, b: String, id: String) {
        let (token, group, m) = try await trip(["Alex", "Bea"])
        let (a, b) = (m["Alex"]!, m["Bea"]!)
        let created = try await postGiven(token, group: group, payer: a, amount: "30", splits: [(a, "10"), (b, "20")],
                                          given: Self.parts("shares", [(a, "1"), (b, "2")]))
        guard let id = created.json["expenseId"].stringValue else { throw HarnessError("create failed: \(created)") }
        return (token, group, a, b, id)
    }

    /// Replaces an expense (`PUT /api/expenses/{id}`); returns the reply as it is.
    func putGiven(_ token: String, expense: String, payer: String, amount: String, splits: [(String, String)],
                  given: String?, description: String = "Dinner") async throws -> Reply {
        try await call(.put, "/api/expenses/\(expense)", token: token, json: Self.givenJSON(
            payer: payer, amount: amount, splits: splits, given: given, description: description))
    }

    /// The group's expense listing, decoded with the contract's types.
    func listed(_ token: String, group: String) async throws -> [Components.Schemas.Expense] {
        let reply = try await call(.get, "/api/groups/\(group)/expenses", token: token)
        guard reply.status == .ok else { throw HarnessError("listing failed: \(reply)") }
        return try reply.decode(Components.Schemas.ExpenseList.self).expenses
    }

    /// The listing row of `expense` (its own id), or a test failure.
    func listed(_ token: String, group: String, expense: String) async throws -> Components.Schemas.Expense {
        guard let row = try await listed(token, group: group).first(where: { $0.id == expense }) else {
            throw HarnessError("expense \(expense) is not listed")
        }
        return row
    }

    /// `expenses.split_given` of every expense in the group, as text, by expense id (NULL: nil).
    func storedGiven(group: String) async throws -> [String: String?] {
        try await TestCluster.withAdmin(settings) { connection in
            var stored: [String: String?] = [:]
            for try await (id, text) in try await connection.query(
                .init(unsafeSQL: "SELECT id::text, split_given::text FROM expenses WHERE group_id = '\(group)'"),
                logger: TestCluster.logger).decode((String, String?).self) {
                stored[id] = text
            }
            return stored
        }
    }

    /// How many expenses the group has, deleted ones included.
    func expenseCount(group: String) async throws -> Int64 {
        try await TestCluster.withAdmin(settings) { connection in
            var count: Int64 = -1
            for try await value in try await connection.query(
                .init(unsafeSQL: "SELECT count(*) FROM expenses WHERE group_id = '\(group)'"),
                logger: TestCluster.logger).decode(Int64.self) {
                count = value
            }
            return count
        }
    }
}

extension Components.Schemas.SplitGiven {
    /// A split as given of mode equal, exact, percent or shares, values as the server sends them.
    static func parts(_ mode: String, _ parts: [(String, Double?)]) -> Self {
        .init(mode: mode, parts: parts.map { .init(memberId: $0.0, value: $0.1) })
    }
}
