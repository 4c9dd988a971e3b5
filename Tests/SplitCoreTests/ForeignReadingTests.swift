import PropertyBased
import Testing
@testable import SplitCore

/// The one rule for other clients' data (``ForeignReading``): what the Node server and the iOS
/// app write, read into exact minor units, repaired by the documented rule, or held.
@Suite struct ForeignReadingTests {
    static let payer = MemberID("00000000-0000-0000-0000-00000000000a")
    static let bea = MemberID("00000000-0000-0000-0000-00000000000b")
    static let chen = MemberID("00000000-0000-0000-0000-00000000000c")

    static func foreign(_ amount: Double, _ currency: String = "JPY", shares: [(MemberID, Double)],
                        category: String = "Meal", description: String? = "Taxi") -> ForeignExpense {
        ForeignExpense(id: ExpenseID("e1"), description: description, amount: amount, currency: currency, category: category,
                       paidBy: payer, dateText: "2025-01-20", date: CivilDate(year: 2025, month: 1, day: 20),
                       shares: shares.map { .init(memberID: $0.0, amount: $0.1) })
    }

    static func usable(_ item: ForeignExpense) throws -> (Expense, [ForeignRepair]) {
        guard case .usable(let expense, let repairs) = ForeignReading.expense(item) else {
            Issue.record("\(item) was held: \(ForeignReading.expense(item))")
            throw CancellationError()
        }
        try expense.validate()
        return (expense, repairs)
    }

    @Test("the iOS app's JPY 1000 as 333.33 × 3 is repaired by largest remainder, ties to the first share")
    func floatThirds() throws {
        let (expense, repairs) = try Self.usable(Self.foreign(1000, shares: [(Self.payer, 333.33), (Self.bea, 333.33), (Self.chen, 333.33)]))
        #expect(expense.splits.map(\.amount) == [334, 333, 333])
        #expect(repairs == [.sharesRounded(count: 3), .sharesRepaired(sum: 999, changes: [.init(memberID: Self.payer, delta: 1)])])
        let lines = repairs.map { $0.message(amount: expense.amount) { $0 == Self.payer ? "Alex" : "?" } }
        #expect(lines == ["3 shares had more decimals than JPY allows (no decimals); rounded half to even",
                          "shares summed to JPY 999, not JPY 1000; repaired by largest remainder: +1 to 'Alex'"])
    }

    @Test("a Double that Node rounded (333.3333333333333 → 333.33) reads the same as 333.33")
    func doubleThirds() throws {
        let third = 1000.0 / 3.0
        let (expense, _) = try Self.usable(Self.foreign(1000, shares: [(Self.payer, third), (Self.bea, third), (Self.chen, third)]))
        #expect(expense.splits.map(\.amount) == [334, 333, 333])
    }

    @Test("JPY 1000.5 shared 500.25 × 2: the amount rounds half to even, the shares follow")
    func jpyWithDecimals() throws {
        let (expense, repairs) = try Self.usable(Self.foreign(1000.5, shares: [(Self.payer, 500.25), (Self.bea, 500.25)]))
        #expect(expense.amount.minorUnits == 1000)
        #expect(expense.splits.map(\.amount) == [500, 500])
        #expect(repairs == [.amountRounded(written: "1000.5", to: 1000), .sharesRounded(count: 2)])
        #expect(repairs[0].message(amount: expense.amount) { $0.short }
                == "amount 1000.5 has more decimals than JPY allows (no decimals); read as JPY 1000")
    }

    @Test("USD 10 shared 3.33 × 3 (the server's two decimals of 10/3) gains the cent on the first share")
    func usdCents() throws {
        let (expense, _) = try Self.usable(Self.foreign(10, "USD", shares: [(Self.payer, 3.33), (Self.bea, 3.33), (Self.chen, 3.33)]))
        #expect(expense.splits.map(\.amount) == [334, 333, 333])
    }

    @Test("shares short of the amount: the rest is the payer's own share, added when the payer had none")
    func shortShares() throws {
        let (expense, repairs) = try Self.usable(Self.foreign(900, shares: [(Self.bea, 300), (Self.chen, 300)]))
        #expect(expense.splits.map(\.memberID) == [Self.payer, Self.bea, Self.chen])
        #expect(expense.splits.map(\.amount) == [300, 300, 300])
        #expect(repairs == [.restToPayer(sum: 600, rest: 300)])
        let (withPayer, _) = try Self.usable(Self.foreign(900, shares: [(Self.payer, 100), (Self.bea, 300)]))
        #expect(withPayer.splits.map(\.amount) == [600, 300])
    }

    @Test("no shares at all: the payer's own share is the whole amount", arguments: [[(MemberID, Double)]()])
    func noShares(shares: [(MemberID, Double)]) throws {
        let (expense, repairs) = try Self.usable(Self.foreign(1500, shares: shares))
        #expect(expense.splits == [ExpenseSplit(memberID: Self.payer, amount: 1500)])
        #expect(repairs == [.restToPayer(sum: 0, rest: 1500)])
        #expect(repairs[0].message(amount: expense.amount) { $0.short } == "no shares; the payer's own share is the whole JPY 1500")
    }

    @Test("an empty, missing or 1,200-character description is kept as the server has it")
    func descriptions() throws {
        for text in ["", "   ", String(repeating: "x", count: 1200)] {
            #expect(try Self.usable(Self.foreign(100, shares: [(Self.payer, 100)], description: text)).0.description == text)
        }
        #expect(try Self.usable(Self.foreign(100, shares: [(Self.payer, 100)], description: nil)).0.description == "")
    }

    @Test("a name a trip can hold reads as that category (a group's own); anything else reads as Other, and says so")
    func category() throws {
        let (own, none) = try Self.usable(Self.foreign(100, shares: [(Self.payer, 100)], category: "Food"))
        #expect(own.category.rawValue == "Food" && none.isEmpty)
        let (spelled, _) = try Self.usable(Self.foreign(100, shares: [(Self.payer, 100)], category: "meal"))
        #expect(spelled.category == .meal)
        for text in ["", String(repeating: "c", count: 1000)] {
            let (expense, repairs) = try Self.usable(Self.foreign(100, shares: [(Self.payer, 100)], category: text))
            #expect(expense.category == .other)
            #expect(repairs == [.categoryUnknown(text)])
        }
    }

    @Test("no sound reading: held with a one-line reason, never dropped")
    func held() throws {
        let cases: [(ForeignExpense, String)] = [
            (Self.foreign(900, shares: [(Self.bea, 600), (Self.chen, 600)]), "shares sum to JPY 1200, JPY 300 more than the amount JPY 900"),
            (Self.foreign(900, shares: [(Self.bea, 450), (Self.bea, 450)]), "member 00000000 has two shares"),
            (Self.foreign(900, "XYZ", shares: []), "currency 'XYZ' is not an ISO 4217 code"),
            (Self.foreign(0, shares: []), "amount 0 is not a positive amount of JPY below the limit"),
            (Self.foreign(-5, shares: []), "amount -5 is not a positive amount of JPY below the limit"),
            (Self.foreign(.nan, shares: []), "amount nan is not a positive amount of JPY below the limit"),
            (Self.foreign(900, shares: [(Self.bea, -1)]), "the share of member 00000000, -1, is not an amount of JPY of zero or more"),
        ]
        for (item, reason) in cases {
            guard case .held(let found, _) = ForeignReading.expense(item) else {
                Issue.record("not held: \(item)")
                continue
            }
            #expect(found == reason)
            #expect(!found.contains("\n"))
        }
        var badDate = Self.foreign(900, shares: [])
        badDate.date = nil
        badDate.dateText = "2025-02-30"
        #expect(ForeignReading.expense(badDate) == .held(reason: "date '2025-02-30' is neither YYYY-MM-DD nor an ISO 8601 time"))
    }

    @Test("shares over the amount keep a draft to fix from")
    func overDraft() throws {
        guard case .held(_, let draft?) = ForeignReading.expense(Self.foreign(900, shares: [(Self.bea, 600), (Self.chen, 600)])) else {
            Issue.record("no draft")
            return
        }
        #expect(draft.amount.minorUnits == 900 && draft.splits.map(\.amount) == [600, 600])
    }

    @Test("a share or payer outside the trip is named")
    func membership() throws {
        let (expense, _) = try Self.usable(Self.foreign(900, shares: [(Self.bea, 450), (Self.chen, 450)]))
        #expect(ForeignReading.membershipProblem(expense) { $0 != Self.chen } == "a share belongs to member 00000000, who is not in this trip")
        #expect(ForeignReading.membershipProblem(expense) { $0 != Self.payer } == "the payer, member 00000000, is not in this trip")
        #expect(ForeignReading.membershipProblem(expense) { _ in true } == nil)
    }

    /// Random float shares as the iOS app writes them (an amount divided in `Double`, stored
    /// with two decimals), perhaps short or over: whatever is usable sums exactly to the
    /// amount, holds no negative share, and reads the same twice; balances sum to zero.
    @Test func everyUsableReadingIsExact() async {
        await propertyCheck(
            count: 500, input: Gen.int64(in: 1...100_000_000), Gen.int(in: 0...8), Gen.int(in: 0...4), Gen.uint64()
        ) { cents, count, skew, seed in
            var rng = SplitMix64(seed: seed)
            let code = ["JPY", "USD", "KWD"][Int(seed % 3)]
            let amount = Double(cents) / 100
            let ids = (0..<count).map(member)
            var shares = ids.map { ($0, (amount / Double(count) * 100).rounded() / 100) }
            if skew == 1, !shares.isEmpty { shares[0].1 += Double(Int.random(in: 1...1000, using: &rng)) / 100 }
            if skew == 2, !shares.isEmpty { shares[0].1 = max(0, shares[0].1 - Double(Int.random(in: 1...1000, using: &rng)) / 100) }
            var item = Self.foreign(amount, code, shares: shares)
            item.paidBy = member(0)
            let first = ForeignReading.expense(item)
            #expect(first == ForeignReading.expense(item))
            guard case .usable(let expense, _) = first else { return }
            try expense.validate()
            let balances = try BalanceCalculator.balances(members: Array(Set(ids + [member(0)])), expenses: [expense], payments: [])
            #expect(balances.allSatisfy { $0.balances.reduce(Int128(0)) { $0 + Int128($1.net) } == 0 })
        }
    }
}

/// The fit of shares to their total is one rule for import and sync.
@Suite struct ShareFitTests {
    @Test("exact, repaired within a unit per share, the rest to the payer, or over")
    func fits() {
        #expect(ForeignReading.fit([500, 500], floats: [5, 5], total: 1000, currency: jpy) == .exact)
        #expect(ForeignReading.fit([333, 333, 333], floats: [333.33, 333.33, 333.33], total: 1000, currency: jpy)
                == .repaired([334, 333, 333]))
        #expect(ForeignReading.fit([300, 300], floats: [300, 300], total: 900, currency: jpy) == .restToPayer(300))
        #expect(ForeignReading.fit([], floats: [], total: 900, currency: jpy) == .restToPayer(900))
        #expect(ForeignReading.fit([600, 600], floats: [600, 600], total: 900, currency: jpy) == .over(300))
        #expect(ForeignReading.fit([334, 334, 334], floats: [334, 334, 334], total: 1000, currency: jpy) == .repaired([333, 333, 334]))
    }
}
