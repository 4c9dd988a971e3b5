import PropertyBased
import Testing
@testable import SplitCore

@Suite struct BalanceCalculatorTests {
    let alex = member(1), bea = member(2), cai = member(3), dee = member(4)

    func expense(_ number: Int, _ amount: Int64, _ currency: Currency, paidBy: MemberID, _ splits: [ExpenseSplit]) -> Expense {
        Expense(id: ExpenseID("e\(number)"), description: "e\(number)", amount: Money(minorUnits: amount, currency: currency),
                paidBy: paidBy, date: someDate, splits: splits)
    }

    @Test func combinesExpensesPaidSplitsAndPayments() throws {
        let dinner = expense(1, 9000, usd, paidBy: alex, [
            ExpenseSplit(memberID: alex, amount: 3000, isPaid: true),
            ExpenseSplit(memberID: bea, amount: 3000, isPaid: true),
            ExpenseSplit(memberID: cai, amount: 3000),
        ])
        let taxi = expense(2, 1200, jpy, paidBy: bea, [ExpenseSplit(memberID: bea, amount: 600), ExpenseSplit(memberID: dee, amount: 600)])
        let payment = Payment(id: PaymentID("p1"), from: cai, to: alex, amount: Money(minorUnits: 1000, currency: usd), date: someDate)
        let result = try BalanceCalculator.balances(members: [cai, alex, bea], expenses: [taxi, dinner], payments: [payment])

        #expect(result.map(\.currency) == [jpy, usd])
        let yen = result[0].balances, dollars = result[1].balances
        #expect(yen.map(\.memberID) == [cai, alex, bea, dee])  // dee is not listed: appended
        #expect(yen.map(\.net) == [0, 0, 600, -600])
        #expect(dollars.map(\.memberID) == [cai, alex, bea, dee])
        #expect(dollars[1] == MemberBalance(memberID: alex, totalPaid: 9000, totalShare: 3000, paymentsMade: 3000, paymentsReceived: 7000))
        #expect(dollars[2] == MemberBalance(memberID: bea, totalShare: 3000, paymentsMade: 3000))
        #expect(dollars.map(\.net) == [-2000, 2000, 0, 0])
    }

    @Test func noActivityMeansNoCurrencies() throws {
        #expect(try BalanceCalculator.balances(members: [alex, bea], expenses: [], payments: []).isEmpty)
    }

    @Test func overflowIsReportedNotTrapped() {
        let big = Int64.max / 2 + 1
        let expenses = (0..<2).map { expense($0, big, usd, paidBy: alex, [ExpenseSplit(memberID: bea, amount: big)]) }
        #expect(throws: MoneyError.overflow) {
            try BalanceCalculator.balances(members: [alex, bea], expenses: expenses, payments: [])
        }
    }

    /// Random trips in several currencies, with paid marks and payments among members who are
    /// not all listed: every currency's nets sum to zero.
    @Test func netsSumToZero() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...12), Gen.int(in: 0...30), Gen.int(in: 0...10), Gen.uint64()) {
            memberCount, expenseCount, paymentCount, seed in
            var rng = SplitMix64(seed: seed)
            let trip = try Self.randomTrip(members: memberCount, expenses: expenseCount, payments: paymentCount, using: &rng)
            let listed = Array(trip.members.shuffled(using: &rng).prefix(Int.random(in: 0...memberCount, using: &rng)))
            let result = try BalanceCalculator.balances(members: listed, expenses: trip.expenses, payments: trip.payments)
            let codes = Set(trip.expenses.map(\.amount.currency) + trip.payments.map(\.amount.currency))
            #expect(result.map(\.currency) == codes.sorted())
            #expect(trip.expenses.count == expenseCount)
            for entry in result {
                #expect(entry.balances.reduce(Int128(0)) { $0 + Int128($1.net) } == 0, "\(entry.currency)")
                #expect(Array(entry.balances.map(\.memberID).prefix(listed.count)) == listed)
            }
        }
    }

    /// Every generated rule is valid for its amount, so the allocator must accept each one: a
    /// refusal fails the test instead of silently dropping the expense.
    static func randomTrip(members count: Int, expenses: Int, payments: Int, using rng: inout SplitMix64) throws
        -> (members: [MemberID], expenses: [Expense], payments: [Payment]) {
        let ids = (0..<count).map(member)
        let currencies = [usd, jpy, kwd, eur]
        var list: [Expense] = []
        for number in 0..<expenses {
            let currency = currencies.randomElement(using: &rng) ?? usd
            let amount = Int64.random(in: 1...Money.maxMinorUnits / 1000, using: &rng)
            let sharers = Array(ids.shuffled(using: &rng).prefix(Int.random(in: 1...count, using: &rng)))
            let (rule, _) = SplitAllocatorTests.randomRule(mode: Int.random(in: 0...3, using: &rng), ids: sharers, amount: amount, using: &rng)
            var splits = try SplitAllocator.splits(amount: Money(minorUnits: amount, currency: currency), rule: rule)
            for index in splits.indices { splits[index].isPaid = Bool.random(using: &rng) }
            list.append(Expense(id: ExpenseID("e\(number)"), description: "x", amount: Money(minorUnits: amount, currency: currency),
                                paidBy: ids.randomElement(using: &rng) ?? ids[0], date: someDate, splits: splits))
        }
        let paymentList = (0..<payments).map { number in
            Payment(id: PaymentID("p\(number)"), from: ids.randomElement(using: &rng) ?? ids[0], to: ids.randomElement(using: &rng) ?? ids[0],
                    amount: Money(minorUnits: Int64.random(in: 1...1_000_000, using: &rng), currency: currencies.randomElement(using: &rng) ?? usd),
                    date: someDate)
        }
        return (ids, list, paymentList)
    }
}
