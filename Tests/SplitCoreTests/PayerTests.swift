import PropertyBased
import Testing
@testable import SplitCore

/// Several payers: the allocator's rules and messages, and the decomposition into
/// single-payer parts that balances, the store and the Node representation share.
@Suite struct PayerTests {
    let ann = member(1), ben = member(2), cai = member(3)

    @Test func equalPartsGoByLargestRemainderToTheEarlierPayer() throws {
        let payers = try PayerAllocator.payers(amount: Money(minorUnits: 1000, currency: jpy), rule: .equal([ben, ann, cai]))
        #expect(payers == [ExpensePayer(memberID: ben, amount: 334), ExpensePayer(memberID: ann, amount: 333),
                           ExpensePayer(memberID: cai, amount: 333)])
    }

    @Test func exactPartsMustAddUpAndNameTheDifference() {
        let amount = Money(minorUnits: 5000, currency: usd)
        #expect(throws: SplitError.payerSumMismatch(sum: 4500, amount: 5000, exponent: 2)) {
            try PayerAllocator.payers(amount: amount, rule: .exact([MemberAmount(memberID: ann, amount: 3000),
                                                                  MemberAmount(memberID: ben, amount: 1500)]))
        }
        #expect(SplitError.payerSumMismatch(sum: 4500, amount: 5000, exponent: 2).description
                == "payer amounts sum to 45, 5 short of the amount 50; they must add up exactly")
        #expect(SplitError.payerSumMismatch(sum: 5100, amount: 5000, exponent: 2).description
                == "payer amounts sum to 51, 1 over the amount 50; they must add up exactly")
        #expect(throws: SplitError.duplicatePayer(ann)) {
            try PayerAllocator.payers(amount: amount, rule: .exact([MemberAmount(memberID: ann, amount: 2500),
                                                                  MemberAmount(memberID: ann, amount: 2500)]))
        }
        #expect(throws: SplitError.nonPositivePayer(ben)) {
            try PayerAllocator.payers(amount: amount, rule: .exact([MemberAmount(memberID: ann, amount: 5000),
                                                                  MemberAmount(memberID: ben, amount: 0)]))
        }
        #expect(throws: SplitError.tooManyPayers(count: 3, amount: 2, exponent: 0)) {
            try PayerAllocator.payers(amount: Money(minorUnits: 2, currency: jpy), rule: .equal([ann, ben, cai]))
        }
    }

    @Test func anExpenseChecksItsPayers() {
        var expense = Expense(id: ExpenseID("e1"), description: "Hotel", amount: Money(minorUnits: 5000, currency: usd),
                              paidBy: ann, date: someDate, splits: [ExpenseSplit(memberID: ben, amount: 5000)])
        #expect(throws: Never.self) { try expense.validate() }
        expense.amount = Money(minorUnits: 6000, currency: usd)
        expense.splits = [ExpenseSplit(memberID: ben, amount: 6000)]
        #expect(expense.payers == [ExpensePayer(memberID: ann, amount: 6000)], "a single payer follows the amount")
        expense.payers = [ExpensePayer(memberID: ann, amount: 4000), ExpensePayer(memberID: ben, amount: 1000)]
        #expect(throws: SplitError.payerSumMismatch(sum: 5000, amount: 6000, exponent: 2)) { try expense.validate() }
        #expect(expense.soloPayer == nil)
        #expect(expense.leadPayer == ann)
    }

    /// JPY 1000 paid 600/400 and shared 334/333/333: each payer's parts sum to what they paid,
    /// each share's parts to the share.
    @Test func partsOfAWorkedExample() {
        let grid = PayerParts.matrix(payers: [600, 400], shares: [334, 333, 333])
        #expect(grid == [[200, 200, 200], [134, 133, 133]])
    }

    @Test(arguments: 0..<4) func partsKeepBothSumsAndNeverGoNegative(mode: Int) async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...6), Gen.int(in: 1...8), Gen.uint64()) { payerCount, sharerCount, seed in
            var rng = SplitMix64(seed: seed)
            let expense = try Self.randomExpense(mode: mode, payers: payerCount, sharers: sharerCount, using: &rng)
            let parts = PayerParts.parts(of: expense)
            #expect(parts.map(\.payer.memberID) == expense.payers.map(\.memberID).sorted())
            for part in parts {
                #expect(part.splits.reduce(Int64(0)) { $0 + $1.amount } == part.payer.amount)
                #expect(part.splits.allSatisfy { $0.amount >= 0 })
                #expect(!part.splits.isEmpty)
            }
            for split in expense.splits {
                let pieces = parts.flatMap(\.splits).filter { $0.memberID == split.memberID }
                #expect(pieces.reduce(Int64(0)) { $0 + $1.amount } == split.amount)
                #expect(!pieces.isEmpty, "every sharer appears in some part")
            }
        }
    }

    /// The property: a k-payer expense gives the same balances as its k parts recorded
    /// as single-payer expenses, in every split mode and with shares marked paid.
    @Test(arguments: 0..<4) func severalPayersBalanceLikeTheirParts(mode: Int) async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...5), Gen.int(in: 1...8), Gen.uint64()) { payerCount, sharerCount, seed in
            var rng = SplitMix64(seed: seed)
            let expense = try Self.randomExpense(mode: mode, payers: payerCount, sharers: sharerCount, using: &rng)
            let singles = PayerParts.parts(of: expense).enumerated().map { index, part in
                Expense(id: ExpenseID("part\(index)"), description: "x",
                        amount: Money(minorUnits: part.payer.amount, currency: expense.amount.currency),
                        paidBy: part.payer.memberID, date: someDate, splits: part.splits)
            }
            for single in singles { try single.validate() }
            let members = (1...8).map(member)
            let several = try BalanceCalculator.balances(members: members, expenses: [expense], payments: [])
            let split = try BalanceCalculator.balances(members: members, expenses: singles, payments: [])
            #expect(several == split)
            let paid = several.first?.balances.reduce(Int64(0)) { $0 + $1.totalPaid }
            #expect(paid == expense.amount.minorUnits)
        }
    }

    /// A valid expense of `payers` random payers (by equal or exact parts) and `sharers`
    /// random sharers by split mode `mode`, some shares marked paid.
    static func randomExpense(mode: Int, payers payerCount: Int, sharers: Int, using rng: inout SplitMix64) throws -> Expense {
        let ids = (1...8).map(member)
        let amount = Int64.random(in: Int64(payerCount)...(Bool.random(using: &rng) ? 100 : 10_000_000_000), using: &rng)
        let money = Money(minorUnits: amount, currency: usd)
        let sharing = Array(ids.shuffled(using: &rng).prefix(sharers))
        let (rule, _) = SplitAllocatorTests.randomRule(mode: mode, ids: sharing, amount: amount, using: &rng)
        var splits = try SplitAllocator.splits(amount: money, rule: rule)
        for index in splits.indices { splits[index].isPaid = Bool.random(using: &rng) }
        let paying = Array(ids.shuffled(using: &rng).prefix(payerCount))
        let payers: [ExpensePayer]
        if Bool.random(using: &rng) {
            payers = try PayerAllocator.payers(amount: money, rule: .equal(paying))
        } else {
            // Random positive cut points give exact parts.
            var cuts = Set<Int64>()
            while cuts.count < payerCount - 1 { cuts.insert(Int64.random(in: 1..<amount, using: &rng)) }
            let bounds = [0] + cuts.sorted() + [amount]
            payers = zip(paying, zip(bounds, bounds.dropFirst())).map { ExpensePayer(memberID: $0, amount: $1.1 - $1.0) }
        }
        let expense = Expense(id: ExpenseID("e"), description: "x", amount: money, payers: payers, date: someDate, splits: splits)
        try expense.validate()
        return expense
    }
}
