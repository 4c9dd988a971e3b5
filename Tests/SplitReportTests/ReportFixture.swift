import SplitCore
import SplitReport

/// Small trips built in memory for the renderer's tests: members, expenses split equally,
/// balances from ``SplitCore/BalanceCalculator``, and a report of them.
struct ReportFixture {
    var tripName = "Tokyo Trip"
    var currency = "JPY"
    var names: [String] = ["Alex", "Bea", "Chen"]
    /// (description, payer index, amount in minor units, currency, among indices)
    var expenses: [(String, Int, Int64, String, [Int])] = []
    /// Itemized bills by expense index: (item name, price, member indices; none: everyone), and
    /// a tip in percent. The expense's amount is the bill's total and its splits the bill's.
    var bills: [Int: (items: [(String, Int64, [Int])], tipPercent: Int64)] = [:]
    /// (payer index, receiver index, amount in minor units, currency, note), oldest first.
    var payments: [(Int, Int, Int64, String, String?)] = []
    var me: Int?
    var held: [HeldItem] = []
    var madeAt = Timestamp(millisecondsSince1970: 1_737_363_600_000)

    var members: [Member] { names.enumerated().map { Member(id: MemberID("m\($0.offset)"), name: $0.element) } }

    func report() throws -> TripReport {
        let members = self.members
        let list = try expenses.enumerated().map { index, spec in
            let (description, payer, amount, code, among) = spec
            var money = Money(minorUnits: amount, currency: try Currency(code: code))
            let day = CivilDate(year: 2025, month: 1, day: 1 + index % 28)!
            var rule = SplitRule.equal(among.map { members[$0].id })
            if let spec = bills[index] {
                let bill = ItemizedBill(items: spec.items.map { BillItem(name: $0.0, price: $0.1, among: $0.2.map { members[$0].id }) },
                                        among: among.map { members[$0].id }, tip: .percent(spec.tipPercent * 1_000_000))
                money = Money(minorUnits: try bill.breakdown(amount: nil, exponent: money.currency.exponent).total, currency: money.currency)
                rule = .itemized(bill)
            }
            return Expense(id: ExpenseID("e\(10_000 + index)"), description: description, amount: money,
                           category: Category.defaults[index % Category.defaults.count], paidBy: members[payer].id, date: day,
                           splits: try SplitAllocator.splits(amount: money, rule: rule), splitGiven: rule)
        }
        let paid = try payments.enumerated().map { index, spec in
            Payment(id: PaymentID("p\(10_000 + index)"), from: members[spec.0].id, to: members[spec.1].id,
                    amount: Money(minorUnits: spec.2, currency: try Currency(code: spec.3)),
                    date: CivilDate(year: 2025, month: 2, day: 1 + index % 28)!, note: spec.4)
        }
        let balances = try BalanceCalculator.balances(members: members.map(\.id), expenses: list, payments: paid)
        var categories: [Category: [Currency: (Int64, Int)]] = [:]
        var days: [CivilDate: [Currency: (Int64, Int)]] = [:]
        for expense in list {
            let currency = expense.amount.currency
            categories[expense.category, default: [:]][currency, default: (0, 0)].0 += expense.amount.minorUnits
            categories[expense.category, default: [:]][currency, default: (0, 0)].1 += 1
            days[expense.date, default: [:]][currency, default: (0, 0)].0 += expense.amount.minorUnits
            days[expense.date, default: [:]][currency, default: (0, 0)].1 += 1
        }
        return try TripReport(
            trip: Trip(id: TripID("t1"), name: tripName, currency: try Currency(code: currency)), members: members,
            me: me.map { members[$0].id }, balances: balances,
            categories: categories.flatMap { category, byCurrency in
                byCurrency.map { CategoryTotal(category: category, currency: $0.key, total: $0.value.0, count: $0.value.1) }
            },
            days: days.flatMap { date, byCurrency in
                byCurrency.map { DayTotal(date: date, currency: $0.key, total: $0.value.0, count: $0.value.1) }
            },
            expenses: list.reversed(), payments: paid.reversed(), held: held, madeAt: madeAt)
    }

    /// The spec's trip: Alex, Bea and Chen, three JPY expenses and one in USD.
    static var tokyo: ReportFixture {
        var fixture = ReportFixture()
        fixture.expenses = [("Dinner", 0, 12_000, "JPY", [0, 1, 2]), ("Taxi", 1, 3_000, "JPY", [1, 2]),
                            ("Hotel", 2, 30_000, "JPY", [0, 1, 2]), ("Lunch", 0, 1_050, "USD", [0, 1])]
        return fixture
    }
}
