import SplitCore
import SplitJSON
import SplitReport
import Testing

/// What the report lists beside the plan: who shared each expense and how, the people table,
/// the payments, the chat format, and who the report speaks to.
@Suite("report: lists, chat and audience")
struct ReportListsTests {
    /// Alex, Bea and Chen in JPY: an equal split among two, shares 2:1:1 (well, 2:1), a
    /// percent split, exact amounts, an itemized bill; two payments.
    static func mixed() throws -> TripReport {
        let members = ["Alex", "Bea", "Chen"].enumerated().map { Member(id: MemberID("m\($0.offset)"), name: $0.element) }
        let jpy = try Currency(code: "JPY")
        func expense(_ index: Int, _ name: String, _ amount: Int64, _ rule: SplitRule) throws -> Expense {
            let money = Money(minorUnits: amount, currency: jpy)
            return Expense(id: ExpenseID("e\(index)"), description: name, amount: money, paidBy: members[0].id,
                           date: CivilDate(year: 2025, month: 1, day: index)!,
                           splits: try SplitAllocator.splits(amount: money, rule: rule), splitGiven: rule)
        }
        let ids = members.map(\.id)
        let bill = ItemizedBill(items: [BillItem(name: "Steak", price: 3_000, among: [ids[1]])], among: ids)
        let expenses = [
            try expense(1, "Taxi", 3_000, .equal([ids[0], ids[2]])),
            try expense(2, "Museum", 4_000, .shares([MemberWeight(memberID: ids[0], weight: 2), MemberWeight(memberID: ids[1], weight: 1),
                                                     MemberWeight(memberID: ids[2], weight: 1)])),
            try expense(3, "Hotel", 10_000, .percent([MemberWeight(memberID: ids[1], weight: 50_000_000),
                                                      MemberWeight(memberID: ids[2], weight: 50_000_000)])),
            try expense(4, "Gift", 1_000, .exact([MemberAmount(memberID: ids[1], amount: 700), MemberAmount(memberID: ids[2], amount: 300)])),
            try expense(5, "Steakhouse", 3_000, .itemized(bill)),
        ]
        let payments = [
            Payment(id: PaymentID("p2"), from: ids[2], to: ids[0], amount: Money(minorUnits: 2_500, currency: jpy),
                    date: CivilDate(year: 2025, month: 1, day: 9)!, note: "cash, thanks"),
            Payment(id: PaymentID("p1"), from: ids[1], to: ids[0], amount: Money(minorUnits: 1_000, currency: jpy),
                    date: CivilDate(year: 2025, month: 1, day: 8)!),
        ]
        let balances = try BalanceCalculator.balances(members: ids, expenses: expenses, payments: payments)
        return try TripReport(trip: Trip(id: TripID("t"), name: "Kyoto", currency: jpy), members: members, me: ids[1],
                              balances: balances, categories: [CategoryTotal(category: .other, currency: jpy, total: 21_000, count: 5)],
                              days: [], expenses: expenses.reversed(), payments: payments, held: [],
                              madeAt: Timestamp(millisecondsSince1970: 1_737_363_600_000))
    }

    @Test("who shared each expense and how: names for an equal split, shares, percent, exact amounts, items")
    func sharedBy() throws {
        let report = try Self.mixed()
        let words = report.expenses.map { SharedByWords.text($0, report.names) }
        #expect(words == ["Bea (items)", "Bea, Chen (exact amounts)", "Bea, Chen (50%, 50%)",
                          "Alex, Bea, Chen (shares 2:1:1)", "Alex, Chen"])
        let listed = try #require(report.json["expenses"]?["list"]?.arrayValue)
        #expect(listed.map { $0["splitMode"]?.stringValue } == ["items", "exact", "percent", "shares", "equal"])
        #expect(listed[1]["sharedBy"]?.arrayValue?.map { $0["amount"]?.numberText } == ["700", "300"])
    }

    @Test("the page lists the people table, every payment newest first with its note, and who shared")
    func pageLists() throws {
        let html = try Self.mixed().rendered(.html)
        #expect(html.contains("<h3>People, JPY</h3>") && html.contains("<h2>Payments</h2>"))
        let chen = try #require(html.range(of: "<bdi>Chen</bdi></td><td data-label=\"To\"><bdi>Alex</bdi>"))
        let bea = try #require(html.range(of: "<bdi>Bea</bdi></td><td data-label=\"To\"><bdi>Alex</bdi>"))
        #expect(chen.lowerBound < bea.lowerBound, "newest first")
        #expect(html.contains("<bdi>cash, thanks</bdi>"))
        #expect(html.contains("<bdi>Alex, Bea, Chen (shares 2:1:1)</bdi>"))
        // Alex paid 21,000, his share is 2,000 + 1,500; he received 3,500 in payments.
        #expect(html.contains(#"<td class="num" data-label="Paid">¥21,000</td><td class="num" data-label="Share">¥3,500</td>"#))
        #expect(html.contains(#"<td class="num" data-label="Received">¥3,500</td><td class="num lead">+¥14,000</td>"#))
    }

    @Test("a settled currency draws no empty chart and still lists its settling payments")
    func settled() throws {
        var fixture = ReportFixture()
        fixture.expenses = [("Dinner", 0, 3_000, "JPY", [0, 1, 2])]
        fixture.payments = [(1, 0, 1_000, "JPY", nil), (2, 0, 1_000, "JPY", "settled")]
        let html = try fixture.report().rendered(.html)
        #expect(html.contains("Everyone is settled in JPY."))
        #expect(!html.contains("net-JPY") && !html.contains("owes\" x="), "no chart of zero bars")
        #expect(html.contains("<h2>Payments</h2>") && html.contains("<bdi>settled</bdi>"))
    }

    @Test("text and Markdown list the payments, and the expenses with --expenses")
    func textLists() throws {
        let report = try Self.mixed()
        let text = report.rendered(.text)
        #expect(text.contains("Payments\n  DATE        PAYMENT                NOTE\n  2025-01-09  Chen paid Alex ¥2,500  cash, thanks\n"))
        #expect(!text.contains("Steakhouse"))
        let listed = report.rendered(.text, expenses: true)
        #expect(listed.contains("  2025-01-02  Museum        ¥4,000  Alex     Alex, Bea, Chen (shares 2:1:1)\n"), "\(listed)")
        let markdown = report.rendered(.md, expenses: true)
        #expect(markdown.contains("| Member | Paid | Share | Sent | Received | Net |"))
        #expect(markdown.contains("| 2025-01-01 | Taxi | ¥3,000 | Alex | Alex, Chen |"))
        #expect(markdown.contains("| 2025-01-09 | Chen paid Alex ¥2,500 | cash, thanks |"))
    }

    @Test("Markdown escapes only what Markdown reads: $, + and - inside a cell stay as typed")
    func markdownEscapes() throws {
        var fixture = ReportFixture.tokyo
        fixture.names = ["Ana $5 & co", "Bea-Lu", "C+D!"]
        let markdown = try fixture.report().rendered(.md)
        #expect(markdown.contains("$10.50") && !markdown.contains("\\$"))
        #expect(markdown.contains("| Ana $5 & co |") && markdown.contains("| Bea-Lu |") && markdown.contains("| C+D! |"))
        #expect(!markdown.contains("\\!") && !markdown.contains("\\-") && !markdown.contains("\\+"))
    }

    @Test("chat: plain lines for a phone, the totals, each net and the plan; expenses with --expenses")
    func chat() throws {
        let report = try Self.mixed()
        let chat = report.rendered(.chat)
        #expect(!chat.contains("|") && !chat.contains("\\") && !chat.contains("**"))
        #expect(chat.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= ReportFormat.chatColumns }, "\(chat)")
        #expect(chat.contains("Spent:\n¥21,000 in 5 expenses\n"))
        #expect(chat.contains("Alex is owed ¥14,000\n"))
        #expect(!chat.contains("Steakhouse") && !chat.contains("Payments"))
        let listed = report.rendered(.chat, expenses: true)
        #expect(listed.contains("2025-01-02 Museum ¥4,000\n  paid by Alex\n  shared by Alex, Bea, Chen (shares\n    2:1:1)\n"), "\(listed)")
        #expect(chat.hasPrefix("Kyoto\n3 members, 5 expenses\nMade at 2025-01-20 09:00 UTC.\n"))
        #expect(listed.contains("Payments:\n2025-01-09 Chen paid Alex ¥2,500 (cash,\n  thanks)\n"), "\(listed)")
    }

    @Test("spoken to you, the plan says you; spoken to everyone, nobody is you")
    func audience() throws {
        let report = try Self.mixed()
        #expect(report.rendered(.text).contains("You pay Alex"))
        #expect(report.rendered(.text).contains("Bea (you)"))
        #expect(ReportAudience.standard(for: .html) == .everyone && ReportAudience.standard(for: .chat) == .everyone)
        #expect(ReportAudience.standard(for: .text) == .me && ReportAudience.standard(for: .md) == .me)
    }
}

/// The spending chart's grouping follows the span of days it covers.
@Suite("report: timeline")
struct ReportTimelineTests {
    static func spending(days: [Int]) throws -> ReportSpending {
        let jpy = try Currency(code: "JPY")
        let start = CivilDate(year: 2026, month: 1, day: 1)!
        let totals = days.map { DayTotal(date: start.adding(days: Int64($0)), currency: jpy, total: 100, count: 1) }
        return ReportSpending(currency: jpy, total: Int64(100 * days.count), count: days.count, categories: [], days: totals)
    }

    @Test("up to 31 days by day, up to 26 weeks by week (from Monday), longer by month; the totals are kept")
    func grouping() throws {
        #expect(try Self.spending(days: [0, 30]).timelineUnit == "day")
        let weeks = try Self.spending(days: [0, 3, 4, 31])
        #expect(weeks.timelineUnit == "week")
        // 2026-01-01 is a Thursday: its week starts on 2025-12-29; the 4th is a Sunday, the 5th a Monday.
        #expect(weeks.timeline.map(\.label) == ["week of 2025-12-29", "week of 2026-01-05", "week of 2026-01-26"])
        #expect(weeks.timeline.map(\.total) == [200, 100, 100])
        let months = try Self.spending(days: [0, 40, 200])
        #expect(months.timelineUnit == "month" && months.timeline.map(\.label) == ["2026-01", "2026-02", "2026-07"])
        #expect(months.timeline.reduce(0) { $0 + $1.total } == months.total)
    }
}
