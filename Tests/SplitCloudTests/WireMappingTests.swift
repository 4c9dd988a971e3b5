@testable import SplitCloud
import SplitCore
import Testing
import SplitJSON

/// Wire ↔ domain mapping without a server: dates, amounts, addresses, backoff.
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
        #expect(WireDate.date(wire)?.description == expected)
    }

    @Test("expenseDate: anything else is refused", arguments: ["2025-13-01", "20250120", "yesterday", "2025-01-20T25:00:00Z", ""])
    func badDates(_ wire: String) {
        #expect(WireDate.date(wire) == nil)
    }

    @Test("amounts are read exactly from the number's text, never through Double")
    func amounts() throws {
        let usd = try Currency(code: "USD"), jpy = try Currency(code: "JPY")
        #expect(try WireMoney.minorUnits(.number("10.01"), currency: usd, field: "a") == 1001)
        #expect(try WireMoney.minorUnits(.number("0.07"), currency: usd, field: "a") == 7)
        #expect(try WireMoney.minorUnits(.number("9999999999.99"), currency: usd, field: "a") == 999_999_999_999)
        #expect(try WireMoney.minorUnits(.number("3000"), currency: jpy, field: "a") == 3000)
        #expect(try WireMoney.minorUnits(.string("3000.00"), currency: jpy, field: "a") == 3000)
        #expect(throws: WireError.self) { try WireMoney.minorUnits(.number("10.005"), currency: usd, field: "a") }
        #expect(throws: WireError.self) { try WireMoney.minorUnits(.number("0.5"), currency: jpy, field: "a") }
        #expect(throws: WireError.self) { try WireMoney.minorUnits(.bool(true), currency: jpy, field: "a") }
        #expect(WireMoney.json(1001, usd) == .number("10.01"))
        #expect(WireMoney.json(3000, jpy) == .number("3000"))
        #expect(WireMoney.fitsServer(999_999_999_999, usd) && !WireMoney.fitsServer(1_000_000_000_000, usd))
    }

    @Test("an expense from the wire keeps exact amounts, split ids and paid flags")
    func expenseDecoding() throws {
        let json = try JSONParser.parse("""
            {"id":"E1","groupId":"g","description":"Lunch","amount":10.01,"currency":"USD","category":"Meal",
             "paidByMemberId":"A","expenseDate":"2025-01-19T16:00:00.000Z","createdAt":"2025-01-20T09:00:00.000Z",
             "splits":[{"id":"S1","memberId":"A","amount":5.01,"isPaid":false},{"id":"S2","memberId":"B","amount":5,"isPaid":true}]}
            """)
        let decoded = try WireDecoding.expense(json)
        #expect(decoded.expense.amount.minorUnits == 1001 && decoded.expense.date.description == "2025-01-20")
        #expect(decoded.expense.splits.map(\.amount) == [501, 500] && decoded.expense.splits.map(\.isPaid) == [false, true])
        #expect(decoded.splitIDs[MemberID("b")] == "s2" && decoded.expense.id == ExpenseID("e1"))
        #expect(decoded.expense.category == .meal)
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
        let node = ServerCapabilities(health: try JSONParser.parse(#"{"status":"ok","mode":"vps","port":"3012","timestamp":"x"}"#))
        #expect(node == .node && node.currencies == ["JPY", "MYR", "SGD", "USD"])
        let ours = ServerCapabilities(health: try JSONParser.parse(#"{"status":"ok","features":["payments","idempotency","future"]}"#))
        #expect(ours.isSplitServer && ours.has(.payments) && ours.has(.idempotency) && !ours.has(.expenseEdit))
        #expect(ours.currencies.count == 20)
    }
}
