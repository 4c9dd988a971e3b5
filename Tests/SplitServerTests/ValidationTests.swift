import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

/// Bad input is always a 4xx with a JSON `{"error"}` naming what is wrong, and stores nothing.
@Suite("split-server validation", .serialized)
struct ValidationTests {
    /// A field of a valid expense replaced by a bad value, and words the error must contain.
    struct BadExpense: CustomTestStringConvertible, Sendable {
        let label: String
        let edit: @Sendable (_ members: [String: String], _ outsider: String) -> [String: String]
        let message: String
        var testDescription: String { label }
    }

    static let badExpenses: [BadExpense] = [
        .init(label: "zero amount", edit: { _, _ in ["amount": "0"] }, message: "greater than zero"),
        .init(label: "negative amount", edit: { _, _ in ["amount": "-300"] }, message: "greater than zero"),
        .init(label: "amount of 1e10", edit: { _, _ in ["amount": "10000000000"] }, message: "less than 10000000000"),
        .init(label: "decimals JPY cannot have", edit: { _, _ in ["amount": "300.5"] }, message: "too many decimals for JPY"),
        .init(label: "three decimals in USD", edit: { _, _ in ["amount": "3.005", "currency": "\"USD\""] },
              message: "too many decimals for USD"),
        .init(label: "splits short of the amount", edit: { _, _ in ["amount": "301"] }, message: "short of the amount"),
        .init(label: "unknown currency", edit: { _, _ in ["currency": "\"XYZ\""] }, message: "is not accepted"),
        .init(label: "currency Node never knew but the app does is fine, so lower-case is refused",
              edit: { _, _ in ["currency": "\"usd\""] }, message: "is not accepted"),
        .init(label: "unknown category", edit: { _, _ in ["category": "\"Food\""] }, message: "is not one of Meal"),
        .init(label: "date with time", edit: { _, _ in ["expenseDate": "\"2025-01-20T00:00:00Z\""] }, message: "YYYY-MM-DD"),
        .init(label: "impossible date", edit: { _, _ in ["expenseDate": "\"2025-02-30\""] }, message: "YYYY-MM-DD"),
        .init(label: "payer outside the group", edit: { _, outsider in ["paidByMemberId": "\"\(outsider)\""] },
              message: "is not a member of this group"),
        .init(label: "malformed payer id", edit: { _, _ in ["paidByMemberId": "\"bob\""] }, message: "is not a UUID"),
        .init(label: "amount as a string", edit: { _, _ in ["amount": "\"300\""] }, message: "must be a number"),
        .init(label: "missing splits", edit: { _, _ in ["splits": "null"] }, message: "splits"),
        .init(label: "empty splits", edit: { _, _ in ["splits": "[]"] }, message: "at least one member"),
        .init(label: "duplicate split member",
              edit: { m, _ in ["splits": #"[{"memberId":"\#(m["Alex"]!)","amount":150},{"memberId":"\#(m["Alex"]!)","amount":150}]"#] },
              message: "more than once"),
        .init(label: "split member outside the group",
              edit: { m, o in ["splits": #"[{"memberId":"\#(m["Alex"]!)","amount":150},{"memberId":"\#(o)","amount":150}]"#] },
              message: "is not a member of this group"),
        .init(label: "non-boolean isPaid",
              edit: { m, _ in ["splits": #"[{"memberId":"\#(m["Alex"]!)","amount":300,"isPaid":"false"}]"#] },
              message: "isPaid' must be a boolean"),
    ]

    @Test("POST /api/expenses refuses bad input with 400 and stores nothing", arguments: badExpenses)
    func badExpense(_ bad: BadExpense) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let other = try await api.trip(["Zed"], user: "Mallory")
            var fields: [String: String] = [
                "groupId": "\"\(group)\"", "description": "\"Taxi\"", "amount": "300", "currency": "\"JPY\"",
                "category": "\"Transport\"", "paidByMemberId": "\"\(m["Alex"]!)\"", "expenseDate": "\"2025-01-20\"",
                "splits": #"[{"memberId":"\#(m["Alex"]!)","amount":150},{"memberId":"\#(m["Bea"]!)","amount":150}]"#,
            ]
            for (key, value) in bad.edit(m, other.members["Zed"]!) { fields[key] = value }
            let body = "{" + fields.filter { $0.value != "null" }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
            let reply = try await api.call(.post, "/api/expenses", token: token, json: body)
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.error?.contains(bad.message) == true, "\(reply)")
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 0)
        }
    }

    @Test("malformed JSON, wrong content type, malformed ids, unknown ids, oversized bodies")
    func malformedRequests() async throws {
        try await ServerHarness.run(configure: { $0.maxBodyBytes = 64 * 1024 }) { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let valid = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])

            let broken = try await api.call(.post, "/api/expenses", token: token, json: "{\"groupId\": ")
            #expect(broken.status == .badRequest && broken.error?.contains("not valid JSON") == true, "\(broken)")
            #expect(broken.headers[.contentType]?.hasPrefix("application/json") == true)

            let text = try await api.call(.post, "/api/expenses", token: token, json: valid, contentType: "text/plain")
            #expect(text.status == .badRequest && text.error?.contains("Content-Type: application/json") == true, "\(text)")

            let badPath = try await api.call(.get, "/api/groups/not-a-uuid/members", token: token)
            #expect(badPath.status == .badRequest && badPath.error?.contains("is not a UUID") == true, "\(badPath)")
            let unknownGroup = try await api.call(.get, "/api/groups/\(UUID().uuidString.lowercased())/members", token: token)
            #expect(unknownGroup.status == .notFound, "\(unknownGroup)")
            let unknownExpense = try await api.call(.delete, "/api/expenses/\(UUID().uuidString.lowercased())", token: token)
            #expect(unknownExpense.status == .notFound, "\(unknownExpense)")
            let badSplit = try await api.call(.patch, "/api/expense-splits/x/payment", token: token, json: #"{"isPaid":true}"#)
            #expect(badSplit.status == .badRequest, "\(badSplit)")
            let stringPaid = try await api.call(.patch, "/api/expense-splits/\(UUID().uuidString)/payment", token: token,
                                                json: #"{"isPaid":"false"}"#)
            #expect(stringPaid.status == .badRequest, "\(stringPaid)")

            let huge = "{\"name\":\"" + String(repeating: "x", count: 70 * 1024) + "\"}"
            let tooLarge = try await api.call(.post, "/api/groups", token: token, json: huge)
            #expect(tooLarge.status == .contentTooLarge && tooLarge.error?.contains("limit") == true, "\(tooLarge)")

            let noToken = try await api.call(.get, "/api/groups")
            #expect(noToken.status == .unauthorized && noToken.error != nil)
            let badToken = try await api.call(.get, "/api/groups", token: "spl_forged")
            #expect(badToken.status == .unauthorized)
        }
    }

    @Test("names, payments and registration are validated too")
    func otherBodies() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let cases: [(HTTPRequest.Method, String, String, String)] = [
                (.post, "/api/groups/\(group)/members", #"{"name":"  "}"#, "empty"),
                (.post, "/api/groups/\(group)/members", #"{"name":"\#(String(repeating: "n", count: 101))"}"#, "longer than 100"),
                (.post, "/api/groups/\(group)/members", #"{}"#, "missing field 'name'"),
                (.post, "/api/groups", #"{"name":"a\u0007b"}"#, "name contains the control character U+0007"),
                (.post, "/api/groups/\(group)/payments",
                 #"{"fromMemberId":"\#(m["Alex"]!)","toMemberId":"\#(m["Alex"]!)","amount":5,"currency":"JPY"}"#, "different members"),
                (.post, "/api/groups/\(group)/payments",
                 #"{"fromMemberId":"\#(m["Alex"]!)","toMemberId":"\#(m["Bea"]!)","amount":0.5,"currency":"JPY"}"#, "too many decimals"),
                (.post, "/api/groups/join", #"{"inviteCode":"12"}"#, "6-character"),
                (.post, "/auth/register", #"{"email":"x@y.co","password":"short","displayName":"Xy"}"#, "at least 8"),
                (.post, "/auth/register", #"{"email":"nope","password":"password-1","displayName":"Xy"}"#, "not an e-mail"),
                (.post, "/auth/register", #"{"password":"password-1","displayName":"Xy"}"#, "email or a phone"),
                (.post, "/auth/register", #"{"email":"x@y.co","password":"password-1","displayName":"X"}"#, "at least 2"),
            ]
            for (method, path, body, message) in cases {
                let reply = try await api.call(method, path, token: token, json: body)
                #expect(reply.status == .badRequest && reply.error?.contains(message) == true, "\(path) \(body): \(reply)")
            }
            let balances = try await api.call(.get, "/api/groups/\(group)/balances?currency=ABC", token: token)
            #expect(balances.status == .badRequest && balances.error?.contains("is not accepted") == true)
        }
    }
}
