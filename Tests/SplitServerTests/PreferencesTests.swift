import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import SplitJSON
import Testing

/// `GET` and `PATCH /api/preferences`: values read by SplitCore's one rule, `null` clears,
/// and the later write wins key by key, whatever order the writes arrive in.
@Suite("split-server account preferences", .serialized)
struct PreferencesTests {
    static func patch(_ api: API, _ token: String, _ body: String, headers: HTTPFields = [:]) async throws -> API.Reply {
        try await api.call(.patch, "/api/preferences", token: token, json: body, headers: headers)
    }

    /// `GET /api/preferences`, decoded: equal answers compare equal whatever their key order.
    static func read(_ api: API, _ token: String) async throws -> Components.Schemas.PreferencesEnvelope {
        let reply = try await api.call(.get, "/api/preferences", token: token)
        guard reply.status == .ok else { throw HarnessError("preferences failed: \(reply)") }
        return try reply.decode(Components.Schemas.PreferencesEnvelope.self)
    }

    @Test("a new account: its display name, no defaults (sent as null), updatedAt its creation")
    func defaults() async throws {
        try await ServerHarness.run { api in
            let (token, id) = try await api.register("Alice")
            let reply = try await api.call(.get, "/api/preferences", token: token)
            #expect(reply.status == .ok, "\(reply)")
            let preferences = reply.json["preferences"]
            #expect(preferences.keys == ["displayName", "defaultCurrency", "defaultCategory", "updatedAt"], "\(reply)")
            #expect(preferences["displayName"].stringValue == "Alice")
            #expect(preferences["defaultCurrency"] == .null && preferences["defaultCategory"] == .null)
            let rows = try await api.database.query("""
                SELECT to_char(created_at AT TIME ZONE 'UTC', \(unescaped: "'\(isoTimestampFormat)'")) FROM users
                WHERE id = \(UUID(uuidString: id)!)
                """)
            var created: String?
            for try await text in rows.decode(String.self) { created = text }
            #expect(preferences["updatedAt"].stringValue == created)
        }
    }

    @Test("PATCH sets each key in its canonical form, clears with null, and answers the state; the name shows in /auth/me and login")
    func setAndClear() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register("Alice", email: "alice@example.com")
            let currency = try await Self.patch(api, token, #"{"defaultCurrency":"eur"}"#)
            #expect(currency.status == .ok && currency.json["preferences"]["defaultCurrency"].stringValue == "EUR", "\(currency)")
            let category = try await Self.patch(api, token, #"{"defaultCategory":"meal"}"#)
            #expect(category.json["preferences"]["defaultCategory"].stringValue == "Meal", "\(category)")
            #expect(category.json["preferences"]["defaultCurrency"].stringValue == "EUR")
            // A category of a trip's own is kept as typed (trimmed); each trip's list decides where it applies.
            let own = try await Self.patch(api, token, #"{"defaultCategory":" Rent "}"#)
            #expect(own.json["preferences"]["defaultCategory"].stringValue == "Rent", "\(own)")
            let name = try await Self.patch(api, token, #"{"displayName":"  Alicia B "}"#)
            #expect(name.json["preferences"]["displayName"].stringValue == "Alicia B", "\(name)")
            #expect(try await api.call(.get, "/auth/me", token: token).json["user"]["displayName"].stringValue == "Alicia B")
            let login = try await api.call(.post, "/auth/login", json: #"{"emailOrPhone":"alice@example.com","password":"password-1"}"#)
            #expect(login.json["user"]["displayName"].stringValue == "Alicia B", "\(login)")

            let cleared = try await Self.patch(api, token, #"{"defaultCurrency":null,"defaultCategory":null}"#)
            #expect(cleared.status == .ok, "\(cleared)")
            #expect(cleared.json["preferences"]["defaultCurrency"] == .null && cleared.json["preferences"]["defaultCategory"] == .null)
            #expect(try await Self.read(api, token) == cleared.decode(Components.Schemas.PreferencesEnvelope.self))
        }
    }

    /// A body and words its 400 must contain.
    struct BadBody: CustomTestStringConvertible, Sendable {
        let body: String
        let message: String
        var testDescription: String { body }
        init(_ body: String, _ message: String) {
            self.body = body
            self.message = message
        }
    }

    static let badBodies: [BadBody] = [
        .init(#"{"defaultCurrency":"XYZ"}"#, "default.currency is an ISO 4217 currency code such as EUR or JPY, or none, not 'XYZ'"),
        .init(#"{"defaultCategory":"Fo\u0007od"}"#, "default.category is one of"),
        .init(#"{"defaultCategory":"\#(String(repeating: "x", count: 101))"}"#, "default.category is one of"),
        .init(#"{"displayName":""}"#, "display.name is 2 to 100 characters on one line"),
        .init(#"{"displayName":"Al\u0007"}"#, "display.name is 2 to 100 characters on one line"),
        .init(#"{"displayName":null}"#, "displayName cannot be null"),
        .init(#"{"displayName":7}"#, "displayName"),
        .init(#"{"defaultCurrency":5}"#, "defaultCurrency must be a string or null, not number"),
        .init(#"{"defaultCategory":["Meal"]}"#, "defaultCategory must be a string or null, not array"),
        .init(#"{}"#, "at least one of displayName, defaultCurrency and defaultCategory"),
        .init(#"{"setAt":"2025-01-20T09:00:00.000Z"}"#, "at least one of displayName, defaultCurrency and defaultCategory"),
        .init(#"{"theme":"dark"}"#, "'theme' is not a preference; the body takes displayName, defaultCurrency and defaultCategory, and setAt"),
        .init(#"{"defaultCurrency":"EUR","sync.auto":true}"#, "'sync.auto' is not a preference"),
        .init(#"{"defaultCurrency":"EUR","setAt":"yesterday"}"#, "setAt 'yesterday' is not an ISO 8601 time"),
        .init(#"{"defaultCurrency":"EUR","setAt":17}"#, "setAt"),
        .init(#"["defaultCurrency"]"#, "must be an object"),
        .init(#"{"defaultCurrency":"EUR",}"#, "not valid JSON"),
    ]

    @Test("bad bodies are a 400 with a one-line message, and nothing is stored", arguments: badBodies)
    func badBody(_ bad: BadBody) async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register("Alice")
            let before = try await Self.read(api, token)
            let reply = try await Self.patch(api, token, bad.body)
            #expect(reply.status == .badRequest, "\(reply)")
            #expect(reply.error?.contains(bad.message) == true && reply.error?.contains("\n") == false, "\(reply)")
            #expect(try await Self.read(api, token) == before)
        }
    }

    @Test("a name within the rules that its VARCHAR(100) cannot hold (combining accents) is a 400, never a 500")
    func combiningAccents() async throws {
        try await ServerHarness.run { api in
            let (token, group, _) = try await api.trip(["Alex"])
            let name = String(repeating: "e\u{301}", count: 60)  // 60 characters, 120 code points
            let before = try await Self.read(api, token)
            let reply = try await Self.patch(api, token, #"{"displayName":"\#(name)"}"#)
            #expect(reply.status == .badRequest && reply.error?.contains("too long") == true, "\(reply)")
            #expect(try await Self.read(api, token) == before)
            let member = try await api.call(.post, "/api/groups/\(group)/members", token: token, json: #"{"name":"\#(name)"}"#)
            #expect(member.status == .badRequest, "\(member)")
        }
    }

    @Test("the later write wins key by key: an older setAt loses and its answer shows the winner")
    func laterWins() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register("Alice")
            let newer = try await Self.patch(api, token, #"{"defaultCurrency":"EUR","setAt":"2025-03-02T10:00:00.000Z"}"#)
            #expect(newer.json["preferences"]["updatedAt"].stringValue == "2025-03-02T10:00:00.000Z", "\(newer)")
            // Older for the currency (loses), first ever for the category (wins).
            let older = try await Self.patch(api, token,
                                             #"{"defaultCurrency":"JPY","defaultCategory":"Hotel","setAt":"2025-03-01T10:00:00.000Z"}"#)
            #expect(older.status == .ok, "\(older)")
            #expect(older.json["preferences"]["defaultCurrency"].stringValue == "EUR", "\(older)")
            #expect(older.json["preferences"]["defaultCategory"].stringValue == "Hotel", "\(older)")
            #expect(older.json["preferences"]["updatedAt"].stringValue == "2025-03-02T10:00:00.000Z")
            // An older clear loses too; the same instant wins (the later of two equal writes).
            let oldClear = try await Self.patch(api, token, #"{"defaultCurrency":null,"setAt":"2025-03-01T23:00:00.000Z"}"#)
            #expect(oldClear.json["preferences"]["defaultCurrency"].stringValue == "EUR", "\(oldClear)")
            let tie = try await Self.patch(api, token, #"{"defaultCurrency":"USD","setAt":"2025-03-02T10:00:00.000Z"}"#)
            #expect(tie.json["preferences"]["defaultCurrency"].stringValue == "USD", "\(tie)")
            // Without setAt the change is made now, later than all of these.
            let now = try await Self.patch(api, token, #"{"defaultCurrency":"GBP"}"#)
            #expect(now.json["preferences"]["defaultCurrency"].stringValue == "GBP", "\(now)")
            #expect(now.json["preferences"]["updatedAt"].stringValue?.hasPrefix("2025-03") == false)
        }
    }

    @Test("a setAt in the future is taken as the server's now, so it cannot win over every later write")
    func futureClamped() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register("Alice")
            let future = try await Self.patch(api, token, #"{"defaultCategory":"Meal","setAt":"2999-01-01T00:00:00.000Z"}"#)
            #expect(future.status == .ok, "\(future)")
            let updated = try #require(future.json["preferences"]["updatedAt"].stringValue)
            #expect(!updated.hasPrefix("2999"), "\(future)")
            try await Task.sleep(for: .milliseconds(20))
            let later = try await Self.patch(api, token, #"{"defaultCategory":"Other"}"#)
            #expect(later.json["preferences"]["defaultCategory"].stringValue == "Other", "\(later)")
        }
    }

    @Test("without a token: 401; an Idempotency-Key reused for another body: 422")
    func authAndKeys() async throws {
        try await ServerHarness.run { api in
            #expect(try await api.call(.get, "/api/preferences").status == .unauthorized)
            #expect(try await api.call(.patch, "/api/preferences", json: #"{"defaultCurrency":"EUR"}"#).status == .unauthorized)
            let (token, _) = try await api.register("Alice")
            let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "prefs-1"]
            let first = try await Self.patch(api, token, #"{"defaultCurrency":"EUR"}"#, headers: key)
            let again = try await Self.patch(api, token, #"{"defaultCurrency":"EUR"}"#, headers: key)
            #expect(first.status == .ok && again.status == .ok && again.body == first.body)
            #expect(try await Self.patch(api, token, #"{"defaultCurrency":"JPY"}"#, headers: key).status == .unprocessableContent)
        }
    }

    @Test("concurrent PATCHes on two server processes: every one answers 200, and the latest setAt wins for each key")
    func concurrent() async throws {
        let settings = try await TestCluster.freshDatabase()
        try await ServerHarness.run(settings: settings) { a in
            try await ServerHarness.run(settings: settings) { b in
                let (token, _) = try await a.register("Alice")
                let currencies = ["EUR", "JPY", "USD", "GBP", "CHF", "AUD", "CAD", "SGD"]
                let categories = ["Meal", "Transport", "Tickets", "Shopping", "Hotel", "Other", "Meal", "Hotel"]
                // Second s of the minute: writes arrive in an order unrelated to their setAt.
                let order = [5, 2, 7, 0, 3, 6, 1, 4]
                let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for (index, second) in order.enumerated() {
                        let api = index.isMultiple(of: 2) ? a : b
                        let body = #"{"defaultCurrency":"\#(currencies[second])","defaultCategory":"\#(categories[second])","setAt":"2025-05-01T12:00:0\#(second).000Z"}"#
                        group.addTask { try await Self.patch(api, token, body).status }
                    }
                    var all: [HTTPResponse.Status] = []
                    for try await status in group { all.append(status) }
                    return all
                }
                #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses)")
                for api in [a, b] {
                    let read = try await api.call(.get, "/api/preferences", token: token)
                    #expect(read.json["preferences"]["defaultCurrency"].stringValue == "SGD", "\(read)")
                    #expect(read.json["preferences"]["defaultCategory"].stringValue == "Hotel", "\(read)")
                    #expect(read.json["preferences"]["updatedAt"].stringValue == "2025-05-01T12:00:07.000Z", "\(read)")
                }
            }
        }
    }
}
