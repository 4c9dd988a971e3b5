import Foundation
import HTTPTypes
@testable import SplitServer
import Testing

/// Request bodies are strict JSON: what Foundation's lenient decoder would half-read is a 400
/// that names the problem and its position, and nothing is stored.
@Suite("split-server strict JSON bodies", .serialized)
struct StrictJSONTests {
    /// A body for `POST /api/groups` and words the error must contain.
    struct BadBody: CustomTestStringConvertible, Sendable {
        let label: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { label }

        init(_ label: String, _ text: String, _ message: String) {
            self.label = label
            bytes = Array(text.utf8)
            self.message = message
        }

        init(_ label: String, bytes: [UInt8], _ message: String) {
            self.label = label
            self.bytes = bytes
            self.message = message
        }
    }

    static let badBodies: [BadBody] = [
        .init("trailing comma in an object", #"{"name": "Broken",}"#, "line 1, column 18: trailing comma before '}'"),
        .init("trailing comma in an array", #"{"name": "Broken", "x": [1,]}"#, "trailing comma before ']'"),
        .init("block comment", #"{"name": "Broken" /* why */}"#, "line 1, column 19"),
        .init("line comment after the value", "{\"name\": \"Broken\"}\n// done", "line 2, column 1"),
        .init("NaN", #"{"name": "Broken", "x": NaN}"#, "JSON has no NaN or Infinity"),
        .init("Infinity", #"{"name": "Broken", "x": -Infinity}"#, "JSON has no NaN or Infinity"),
        .init("leading zero", #"{"name": "Broken", "x": 012}"#, "leading zeros are not allowed"),
        .init("invalid UTF-8", bytes: Array(#"{"name": "Bro"#.utf8) + [0xFF] + Array(#"ken"}"#.utf8),
              "invalid UTF-8 sequence starting with byte 0xFF"),
        .init("lone high surrogate", #"{"name": "Broken\ud800"}"#, #"lone surrogate \uD800"#),
        .init("lone low surrogate", #"{"name": "\udc00Broken"}"#, #"lone surrogate \uDC00"#),
        .init("duplicate key", #"{"name": "Fine", "name": "Broken"}"#, #"duplicate key "name""#),
        .init("single quotes", #"{'name': 'Broken'}"#, "line 1, column 2"),
        .init("two documents", #"{"name": "Broken"} {}"#, "a document holds exactly one value"),
    ]

    @Test("POST /api/groups refuses non-strict JSON with a 400 naming the problem; nothing is stored",
          arguments: badBodies)
    func badGroupBody(_ bad: BadBody) async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let reply = try await api.call(.post, "/api/groups", token: token, bytes: bad.bytes)
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.headers[.contentType]?.hasPrefix("application/json") == true, "\(reply)")
            #expect(reply.error?.hasPrefix("the body is not valid JSON: ") == true, "\(reply)")
            #expect(reply.error?.contains(bad.message) == true, "\(reply)")
            let groups = try await api.call(.get, "/api/groups", token: token)
            #expect(groups.status == .ok && groups.json["groups"].count == 0, "\(groups)")
        }
    }

    @Test("an expense with a duplicate amount key or a trailing comma is refused and not stored")
    func badExpenseBodies() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let valid = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            let duplicate = "{\"amount\":500," + valid.dropFirst()
            let trailing = String(valid.dropLast()) + ",}"
            for body in [duplicate, trailing] {
                let reply = try await api.call(.post, "/api/expenses", token: token, json: body)
                #expect(reply.status == .badRequest && reply.error?.contains("not valid JSON") == true, "\(reply)")
            }
            let expenses = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            #expect(expenses.json["expenses"].count == 0, "\(expenses)")
            // The same body without the fault goes through: the check refuses only bad JSON.
            let good = try await api.call(.post, "/api/expenses", token: token, json: valid)
            #expect(good.status == .created, "\(good)")
        }
    }

    @Test("registration and login bodies are checked too, before any account is touched")
    func authBodies() async throws {
        try await ServerHarness.run { api in
            let register = try await api.call(.post, "/auth/register",
                                              json: #"{"email":"a@b.co","password":"password-1","displayName":"Ab",}"#)
            #expect(register.status == .badRequest && register.error?.contains("trailing comma") == true, "\(register)")
            let again = try await api.call(.post, "/auth/register",
                                           json: #"{"email":"a@b.co","password":"password-1","displayName":"Ab"}"#)
            #expect(again.status == .created, "the refused request must not have created the account: \(again)")
            let login = try await api.call(.post, "/auth/login",
                                           json: #"{"emailOrPhone":"a@b.co","emailOrPhone":"x","password":"password-1"}"#)
            #expect(login.status == .badRequest && login.error?.contains("duplicate key") == true, "\(login)")
        }
    }
}
