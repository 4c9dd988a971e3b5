import Foundation
import HTTPTypes
@testable import SplitServer
import Testing

/// Bad `payers` are a 400 naming the problem, by SplitCore's rule (``PayerAllocator``), on
/// create and on PUT alike, and nothing is written.
@Suite("split-server payers validation", .serialized)
struct PayerValidationTests {
    /// `payers` for an expense of JPY 300 that Alex, Bea and Chen share; `o` is a member of
    /// another group. The value is the JSON of `payers`, or of the whole body's replaced keys.
    struct BadPayers: CustomTestStringConvertible, Sendable {
        let label: String
        let payers: @Sendable (_ m: [String: String], _ outsider: String) -> String
        let message: String
        var paidBy: String = "Alex"
        var currency: String = "JPY"
        var amount: String = "300"
        var testDescription: String { label }
    }

    static let cases: [BadPayers] = [
        .init(label: "empty list", payers: { _, _ in "[]" }, message: "payers: an expense needs at least one payer"),
        .init(label: "a member twice", payers: { m, _ in API.payersJSON([(m["Alex"]!, "150"), (m["Alex"]!, "150")]) },
              message: "more than once"),
        .init(label: "a payer outside the group", payers: { m, o in API.payersJSON([(m["Alex"]!, "150"), (o, "150")]) },
              message: "is not a member of this group"),
        .init(label: "zero", payers: { m, _ in API.payersJSON([(m["Alex"]!, "300"), (m["Bea"]!, "0")]) },
              message: "payers[1].amount must be greater than zero"),
        .init(label: "negative", payers: { m, _ in API.payersJSON([(m["Alex"]!, "400"), (m["Bea"]!, "-100")]) },
              message: "payers[1].amount must be greater than zero"),
        .init(label: "decimals JPY cannot have", payers: { m, _ in API.payersJSON([(m["Alex"]!, "150.5"), (m["Bea"]!, "149.5")]) },
              message: "payers[0].amount 150.5 has too many decimals for JPY"),
        .init(label: "three decimals in USD", payers: { m, _ in API.payersJSON([(m["Alex"]!, "1.005"), (m["Bea"]!, "1.995")]) },
              message: "payers[0].amount 1.005 has too many decimals for USD", currency: "USD", amount: "3"),
        .init(label: "10^10 or more", payers: { m, _ in API.payersJSON([(m["Alex"]!, "10000000000"), (m["Bea"]!, "1")]) },
              message: "payers[0].amount must be less than 10000000000"),
        .init(label: "short of the amount", payers: { m, _ in API.payersJSON([(m["Alex"]!, "200"), (m["Bea"]!, "50")]) },
              message: "payers: payer amounts sum to 250, 50 short of the amount 300"),
        .init(label: "over the amount", payers: { m, _ in API.payersJSON([(m["Alex"]!, "200"), (m["Bea"]!, "150")]) },
              message: "payers: payer amounts sum to 350, 50 over the amount 300"),
        .init(label: "USD short by cents", payers: { m, _ in API.payersJSON([(m["Alex"]!, "45"), (m["Bea"]!, "0.01")]) },
              message: "payers: payer amounts sum to 45.01, 4.99 short of the amount 50;", currency: "USD", amount: "50"),
        .init(label: "paidByMemberId not among them", payers: { m, _ in API.payersJSON([(m["Bea"]!, "100"), (m["Chen"]!, "200")]) },
              message: "is not one of payers"),
        .init(label: "malformed member id", payers: { m, _ in API.payersJSON([(m["Alex"]!, "100"), ("bob", "200")]) },
              message: "payers[1].memberId 'bob' is not a UUID"),
        .init(label: "amount as a string", payers: { m, _ in #"[{"memberId":"\#(m["Alex"]!)","amount":"300"}]"# },
              message: "must be a number"),
        .init(label: "not a list", payers: { m, _ in #"{"memberId":"\#(m["Alex"]!)","amount":300}"# }, message: "payers"),
        .init(label: "a payer without an amount", payers: { m, _ in #"[{"memberId":"\#(m["Alex"]!)"}]"# }, message: "amount"),
    ]

    static func body(group: String, _ bad: BadPayers, members m: [String: String], outsider: String) -> String {
        let splits = #"[{"memberId":"\#(m["Alex"]!)","amount":\#(bad.amount)}]"#
        return #"{"groupId":"\#(group)","description":"Hotel","amount":\#(bad.amount),"currency":"\#(bad.currency)","category":"Hotel","paidByMemberId":"\#(m[bad.paidBy]!)","expenseDate":"2025-01-20","splits":\#(splits),"payers":\#(bad.payers(m, outsider))}"#
    }

    /// Rows of the tables an expense writes.
    static func counts(_ api: API) async throws -> [Int64] {
        try await TestCluster.withAdmin(api.settings) { connection in
            var counts: [Int64] = []
            for table in ["expenses", "expense_splits", "expense_payers"] {
                for try await count in try await connection.query(.init(unsafeSQL: "SELECT count(*) FROM \(table)"),
                                                                  logger: TestCluster.logger).decode(Int64.self) {
                    counts.append(count)
                }
            }
            return counts
        }
    }

    @Test("POST /api/expenses refuses bad payers with 400 and stores nothing", arguments: cases)
    func create(_ bad: BadPayers) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea", "Chen"])
            let other = try await api.trip(["Zed"], user: "Mallory")
            let reply = try await api.call(.post, "/api/expenses", token: token,
                                           json: Self.body(group: group, bad, members: m, outsider: other.members["Zed"]!))
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.error?.contains(bad.message) == true, "\(reply)")
            #expect(try await Self.counts(api) == [0, 0, 0])
        }
    }

    @Test("PUT refuses the same payers and leaves the expense as it was", arguments: cases.filter { $0.label != "not a list" })
    func update(_ bad: BadPayers) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea", "Chen"])
            let other = try await api.trip(["Zed"], user: "Mallory")
            let id = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "300",
                                              splits: [(m["Bea"]!, "300", false)],
                                              payers: [(m["Alex"]!, "100"), (m["Chen"]!, "200")])
            let before = try await api.call(.get, "/api/groups/\(group)/expenses", token: token).body
            let stored = try await api.storedPayers()
            let reply = try await api.call(.put, "/api/expenses/\(id)", token: token,
                                           json: Self.body(group: group, bad, members: m, outsider: other.members["Zed"]!))
            #expect(reply.status == .badRequest && reply.error?.contains(bad.message) == true, "\(reply)")
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).body == before)
            #expect(try await api.storedPayers() == stored)
        }
    }
}
