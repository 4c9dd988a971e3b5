import Foundation
import HTTPTypes
@testable import SplitServer
import Testing

/// Every text field refuses NUL and the other control characters (C0, DEL, C1) with a 400 that
/// names the field; notes and reasons keep line breaks and tabs. Before this, a `\u0000`
/// reached PostgreSQL, which cannot store it in text, and the answer was a 500.
@Suite("split-server text fields", .serialized)
struct TextValidationTests {
    @Test("NUL in a group description is a 400 naming the field, and no group is stored (was a 500)")
    func nulInGroupDescription() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let reply = try await api.call(.post, "/api/groups", token: token, json: #"{"name":"Tokyo","description":"a\u0000b"}"#)
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.error?.contains("description contains the control character U+0000") == true, "\(reply)")
            #expect(try await api.call(.get, "/api/groups", token: token).json["groups"].count == 0)
        }
    }

    @Test("NUL in login's emailOrPhone is a 400 naming the field (was a 500)")
    func nulInLogin() async throws {
        try await ServerHarness.run { api in
            _ = try await api.register("Alice", email: "alice@example.com")
            let reply = try await api.call(.post, "/auth/login",
                                           json: #"{"emailOrPhone":"alice@example.com\u0000","password":"password-1"}"#)
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.error?.contains("emailOrPhone contains the control character U+0000") == true, "\(reply)")
        }
    }

    @Test("every text field of every operation refuses control characters, naming the field")
    func everyField() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let expense = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "300",
                                                   splits: [(m["Alex"]!, "150"), (m["Bea"]!, "150")])
            let listed = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            let split = try #require(listed.json["expenses"][0]["splits"][0]["id"].stringValue)
            let expenseBody = { (description: String) in
                API.expenseJSON(group: group, payer: m["Alex"]!, amount: "300",
                                splits: [(m["Alex"]!, "150"), (m["Bea"]!, "150")], description: description)
            }
            let register = { (field: String, value: String) in
                var fields = ["email": "\"z@example.com\"", "password": "\"password-1\"", "displayName": "\"Zoe\""]
                fields[field] = value
                return "{" + fields.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
            }
            let cases: [(HTTPRequest.Method, String, String, String)] = [
                (.post, "/auth/register", register("email", #""z\u0000@example.com""#), "email"),
                (.post, "/auth/register", register("phone", #""+81\u0001""#), "phone"),
                (.post, "/auth/register", register("password", #""password-1\u0000""#), "password"),
                (.post, "/auth/register", register("displayName", #""Zo\u007fe""#), "displayName"),
                (.post, "/auth/login", #"{"emailOrPhone":"x@y.co","password":"pass\u0000word-1"}"#, "password"),
                (.post, "/auth/login", #"{"emailOrPhone":"x@y.co","password":"password-1","deviceName":"Pixel\u0000"}"#, "deviceName"),
                (.post, "/auth/login", #"{"emailOrPhone":"x@y.co","password":"password-1","deviceId":"d\u001b1"}"#, "deviceId"),
                (.post, "/api/groups", #"{"name":"Tok\u0085yo"}"#, "name"),
                (.post, "/api/groups", #"{"name":"Tok\nyo"}"#, "name"),
                (.post, "/api/groups/join", #"{"inviteCode":"K7Q\u0000M2"}"#, "inviteCode"),
                (.post, "/api/groups/\(group)/members", #"{"name":"Chen\u0000"}"#, "name"),
                (.patch, "/api/groups/\(group)/members/\(m["Bea"]!)", #"{"name":"B\u009fea"}"#, "name"),
                (.post, "/api/expenses", expenseBody(#"Din\u0000ner"#), "description"),
                (.post, "/api/expenses", expenseBody(#"Din\rner"#), "description"),
                (.put, "/api/expenses/\(expense)", expenseBody(#"Din\u0000ner"#), "description"),
                (.patch, "/api/expense-splits/\(split)/payment", #"{"isPaid":true,"reason":"cash\u0000"}"#, "reason"),
                (.post, "/api/groups/\(group)/payments",
                 #"{"fromMemberId":"\#(m["Alex"]!)","toMemberId":"\#(m["Bea"]!)","amount":5,"currency":"JPY","note":"x\u0000"}"#, "note"),
                (.post, "/api/groups/from-local", #"{"name":"T\u0000","members":[],"expenses":[]}"#, "name"),
                (.post, "/api/groups/from-local", #"{"name":"T","description":"\u0000","members":[],"expenses":[]}"#, "description"),
                (.post, "/api/groups/from-local", #"{"name":"T","members":[{"localId":"m\u00001","name":"A"}],"expenses":[]}"#,
                 "members[0].localId"),
                (.post, "/api/groups/from-local", #"{"name":"T","members":[{"localId":"m1","name":"A\u0000"}],"expenses":[]}"#,
                 "members[0].name"),
                (.post, "/api/groups/from-local",
                 #"{"name":"T","members":[{"localId":"m1","name":"A"}],"expenses":[{"localId":"e1","amount":5,"currency":"JPY","category":"Meal","paidByLocalId":"m1\u0000","expenseDate":"2025-01-20","splits":[{"memberLocalId":"m1","amount":5}]}]}"#,
                 "paidByLocalId"),
            ]
            for (method, path, body, field) in cases {
                let reply = try await api.call(method, path, token: token, json: body)
                #expect(reply.status == .badRequest, "\(path) \(body): \(reply)")
                #expect(reply.error?.contains("\(field) contains the control character") == true, "\(path) \(body): \(reply)")
            }
            // Nothing of the refused requests was stored.
            let groups = try await api.call(.get, "/api/groups", token: token)
            #expect(groups.json["groups"].count == 1, "\(groups)")
            let members = try await api.call(.get, "/api/groups/\(group)/members", token: token)
            #expect(members.json["members"].arrayValue?.compactMap { $0["name"]?.stringValue } == ["Alex", "Bea"], "\(members)")
        }
    }

    @Test("notes and reasons keep line breaks and tabs; names and descriptions are one line, as in the CLI")
    func multilineFields() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let payment = try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: """
                {"fromMemberId":"\(m["Bea"]!)","toMemberId":"\(m["Alex"]!)","amount":5,"currency":"JPY","note":"cash\\r\\n\\tat the hotel"}
                """)
            #expect(payment.status == .created, "\(payment)")
            #expect(payment.json["payment"]["note"].stringValue == "cash\r\n\tat the hotel", "\(payment)")
            let described = try await api.call(.post, "/api/groups", token: token,
                                               json: #"{"name":"Kyoto","description":"day 1\nramen"}"#)
            #expect(described.status == .badRequest, "\(described)")
            #expect(described.error?.contains("description contains the control character U+000A") == true, "\(described)")
        }
    }

    @Test("an Idempotency-Key with a control character is a 400 (an HTTP/1 parser passes U+0001 through)")
    func idempotencyKey() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let reply = try await api.call(.post, "/api/groups", token: token, json: #"{"name":"Tokyo"}"#,
                                           headers: HTTPFields([HTTPField(name: IdempotencyMiddleware.header,
                                                                          lenientValue: Array("key\u{1}".utf8))]))
            #expect(reply.status == .badRequest && reply.error?.contains("Idempotency-Key") == true, "\(reply)")
        }
    }
}
