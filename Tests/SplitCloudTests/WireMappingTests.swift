import Foundation
import SplitAPI
@testable import SplitCloud
import SplitCore
import Testing

/// Generated types ↔ domain values without a server: dates, amounts, addresses, backoff.
@Suite("cloud wire mapping")
struct WireMappingTests {
    @Test("expenseDate: plain dates and timestamps go to the nearest UTC midnight", arguments: [
        ("2025-01-20", "2025-01-20"),
        ("2025-01-20T00:00:00.000Z", "2025-01-20"),   // server in UTC
        ("2025-01-19T16:00:00.000Z", "2025-01-20"),   // server in UTC+8
        ("2025-01-20T05:00:00.000Z", "2025-01-20"),   // server in UTC-5
        ("2025-01-19T12:00:00.000Z", "2025-01-20"),   // UTC+12: noon rounds up
        ("2025-01-20T00:00:00+08:00", "2025-01-20"),  // an offset instead of Z
        ("2024-12-31T16:00:00Z", "2025-01-01"),       // across a year, no fraction
        ("2024-02-28T16:00:00.000Z", "2024-02-29"),   // leap day
    ])
    func dates(_ wire: String, _ expected: String) {
        #expect(NodeForms.date(wire)?.description == expected)
    }

    @Test("expenseDate: anything else is refused", arguments: ["2025-13-01", "20250120", "yesterday", "2025-01-20T25:00:00Z", ""])
    func badDates(_ wire: String) {
        #expect(NodeForms.date(wire) == nil)
    }

    @Test("an expense from the wire keeps exact amounts, split ids and paid flags")
    func expenseDecoding() throws {
        let wire = try JSONDecoder().decode(Components.Schemas.Expense.self, from: Data("""
            {"id":"E1","groupId":"g","description":"Lunch","amount":10.01,"currency":"USD","category":"Meal",
             "paidByMemberId":"A","expenseDate":"2025-01-19T16:00:00.000Z","createdAt":"2025-01-20T09:00:00.000Z",
             "splits":[{"id":"S1","memberId":"A","amount":5.01,"isPaid":false},{"id":"S2","memberId":"B","amount":5,"isPaid":true}]}
            """.utf8))
        let decoded = ExpenseMapping.domain(wire)
        let expense = try #require(decoded.expense)
        #expect(decoded.reading == .usable(expense, repairs: []))
        #expect(expense.amount.minorUnits == 1001 && expense.date.description == "2025-01-20")
        #expect(expense.splits.map(\.amount) == [501, 500] && expense.splits.map(\.isPaid) == [false, true])
        #expect(decoded.splitIDs[MemberID("b")] == "s2" && expense.id == ExpenseID("e1"))
        #expect(expense.category == .meal)
    }

    @Test("a Node expense saved without a description (null) reads as an empty one")
    func nullDescription() throws {
        let wire = try JSONDecoder().decode(Components.Schemas.Expense.self, from: Data("""
            {"id":"E1","groupId":"g","description":null,"amount":3000,"currency":"JPY","category":"Other",
             "paidByMemberId":"A","expenseDate":"2025-01-20T00:00:00.000Z","createdAt":"2025-01-20T09:00:00.000Z",
             "splits":[{"id":"S1","memberId":"A","amount":3000,"isPaid":false}]}
            """.utf8))
        let expense = try #require(ExpenseMapping.domain(wire).expense)
        #expect(expense.description == "" && expense.amount.minorUnits == 3000)
    }

    @Test("another client's inexact amount is read half to even and the repair said; an unreadable date is held")
    func inexactAnswer() throws {
        var wire = try JSONDecoder().decode(Components.Schemas.Expense.self, from: Data("""
            {"id":"E1","groupId":"g","description":"Lunch","amount":10.005,"currency":"USD","category":"Meal",
             "paidByMemberId":"A","expenseDate":"2025-01-20","createdAt":"2025-01-20T09:00:00.000Z","splits":[]}
            """.utf8))
        let read = ExpenseMapping.domain(wire)
        let expense = try #require(read.expense)
        #expect(expense.amount.minorUnits == 1000)
        #expect(read.reading == .usable(expense, repairs: [.amountRounded(written: "10.005", to: 1000), .restToPayer(sum: 0, rest: 1000)]))
        wire.amount = 10
        wire.expenseDate = "20 January"
        #expect(ExpenseMapping.domain(wire).reading == .held(reason: "date '20 January' is neither YYYY-MM-DD nor an ISO 8601 time"))
        #expect(ExpenseMapping.domain(wire).body.contains("\"expenseDate\":\"20 January\""))
    }

    @Test("requests carry exact numbers and plain dates; isPaid only when asked")
    func expenseEncoding() throws {
        let usd = try Currency(code: "USD")
        let expense = Expense(id: ExpenseID("x"), description: "Taxi", amount: Money(minorUnits: 999_999_999_999, currency: usd),
                              paidBy: MemberID("a"), date: CivilDate(year: 2025, month: 1, day: 20)!,
                              splits: [ExpenseSplit(memberID: MemberID("a"), amount: 999_999_999_970, isPaid: true),
                                       ExpenseSplit(memberID: MemberID("b"), amount: 29)])
        let created = ExpenseMapping.create(expense, group: TripID("g"), includePaid: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(created), as: UTF8.self)
        #expect(text.contains(#""amount":9999999999.99,"#), "\(text)")
        #expect(text.contains(#""amount":0.29,"#) && text.contains(#""amount":9999999999.7,"#), "\(text)")
        #expect(text.contains(#""expenseDate":"2025-01-20""#) && !text.contains("isPaid"), "\(text)")
        // A sync edit carries every paid flag, and its base revision as ifMatch.
        let edit = PendingOperation(sequence: 1, opID: "o", operation: .updateExpense(expense), baseRevision: 3, base: nil)
        guard case .updateExpense(let sent) = SyncMapping.operation(edit, splitGiven: true) else {
            Issue.record("an expense edit maps to \(SyncMapping.operation(edit, splitGiven: true))")
            return
        }
        #expect(sent.data.splits.map(\.isPaid) == [true, false] && sent.ifMatch == 3)
    }

    @Test("error bodies: the contract's JSON, an HTML page or plain text all give one readable line")
    func errorBodies() {
        #expect(NodeForms.errorText(Array(#"{"error":"Invalid token"}"#.utf8)) == "Invalid token")
        let page = "<!DOCTYPE html>\n<html lang=\"en\">\n<body>\n<pre>Cannot POST /api/groups/from-local</pre>"
        #expect(NodeForms.errorText(Array(page.utf8)) == "Cannot POST /api/groups/from-local")
        let titled = "<html><head><title>502 Bad\n Gateway</title></head><body><h1>nginx</h1></body></html>"
        #expect(NodeForms.errorText(Array(titled.utf8)) == "502 Bad Gateway")
        #expect(NodeForms.errorText(Array("<p>Down &amp; out</p>".utf8)) == "Down & out")
        #expect(NodeForms.errorText(Array("Bad\nGateway\n".utf8)) == "Bad Gateway")
        #expect(NodeForms.errorText(Array(String(repeating: "x", count: 500).utf8)).count == 200)
        #expect(NodeForms.errorText([]) == "no details")
        #expect(NodeForms.errorText(Array("<br>".utf8)) == "no details")
    }

    @Test("refusals: 401, and 403 about the token, mean log in again; 404 is the caller's message")
    func refusals() {
        func error(_ status: Int, _ text: String, authenticated: Bool = true) -> CloudError {
            NodeForms.error(status: status, text: text, authenticated: authenticated, server: "http://s", notFound: { "gone" })
        }
        #expect(error(401, "Unauthorized") == .tokenRefused(server: "http://s"))
        #expect(error(403, "Invalid token") == .tokenRefused(server: "http://s"))
        #expect(error(403, "You may not use this group") == .refused(status: 403, detail: "You may not use this group"))
        #expect(error(401, "Invalid credentials", authenticated: false) == .refused(status: 401, detail: "Invalid credentials"))
        #expect(error(404, "<html>") == .notFound("gone"))
        #expect(error(409, "exists") == .refused(status: 409, detail: "exists"))
        #expect(NodeForms.undocumented(202, operation: "POST /api/expenses", server: "http://s")
                == .badResponse(server: "http://s", detail: "POST /api/expenses answered HTTP 202, which the API does not define"))
    }

    @Test("server addresses have one canonical spelling")
    func addresses() throws {
        #expect(try ServerAddress("HTTP://Example.COM:3012/").url == "http://example.com:3012")
        #expect(try ServerAddress("https://split.example.com/api-root//").url == "https://split.example.com/api-root")
        for bad in ["example.com", "ftp://x", "http://", "http://host:0", "http://host:99999", "http://h?x=1", "http://:80"] {
            #expect(throws: CloudError.self, "\(bad)") { try ServerAddress(bad) }
        }
    }

    @Test("backoff doubles from 0.5 s and stops at its cap")
    func backoff() {
        let policy = RetryPolicy.standard
        #expect((1...6).map(policy.delay(afterAttempt:)) ==
                [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8)])
    }

    @Test("the Node server is recognised by a /health without features")
    func capabilities() throws {
        let decoder = JSONDecoder()
        let node = ServerCapabilities(health: try decoder.decode(Components.Schemas.Health.self, from: Data(
            #"{"status":"ok","mode":"vps","port":"3012","timestamp":"x"}"#.utf8)))
        #expect(node == .node && node.currencies == ["JPY", "MYR", "SGD", "USD"])
        let ours = ServerCapabilities(health: try decoder.decode(Components.Schemas.Health.self, from: Data(
            #"{"status":"ok","mode":"vps","port":"3012","timestamp":"x","features":["payments","idempotency","future"]}"#.utf8)))
        #expect(ours.isSplitServer && ours.has(.payments) && ours.has(.idempotency) && !ours.has(.expenseEdit))
        #expect(ours.currencies.count == 20)
        let pen = try Currency(code: "PEN"), jpy = try Currency(code: "JPY"), kwd = try Currency(code: "KWD")
        #expect(!ours.accepts(pen) && !node.accepts(pen) && node.accepts(jpy))
        let every = ServerCapabilities(health: try decoder.decode(Components.Schemas.Health.self, from: Data(
            #"{"status":"ok","mode":"vps","port":"3012","timestamp":"x","features":["sync","currencies"]}"#.utf8)))
        #expect(every.has(.currencies) && every.accepts(pen) && every.accepts(kwd))
        #expect(every.currencies.count == CurrencyTable.exponents.count && every.currencies.contains("CZK"))
        #expect(throws: Never.self) { try WireValidation.currency(pen, capabilities: every) }
        #expect(throws: CloudError.self) { try WireValidation.currency(pen, capabilities: ours) }
        #expect(throws: CloudError.invalid("this server (the Node budget_splitter_web API) does not accept currency PEN; "
                                           + "it accepts only JPY, MYR, SGD, USD")) {
            try WireValidation.currency(pen, capabilities: .node)
        }
    }
}
