import Testing
@testable import SplitCore

/// The split as given (``Expense/splitGiven``): kept with the expense, checked by one rule, and
/// merged as one field group with the amount and the shares.
@Suite struct SplitGivenTests {
    static let (a, b, c) = (member(1), member(2), member(3))

    /// An expense of `amount` yen split by `rule`, paid by a, keeping the rule.
    static func expense(_ amount: Int64, _ rule: SplitRule, description: String = "Dinner") throws -> Expense {
        let money = Money(minorUnits: amount, currency: jpy)
        return Expense(id: ExpenseID("e1"), description: description, amount: money, paidBy: a, date: someDate,
                       splits: try SplitAllocator.splits(amount: money, rule: rule), splitGiven: rule)
    }

    static let shares = SplitRule.shares([MemberWeight(memberID: a, weight: 2), MemberWeight(memberID: b, weight: 1)])
    static let percent = SplitRule.percent([MemberWeight(memberID: a, weight: 70_000_000), MemberWeight(memberID: c, weight: 30_000_000)])

    @Test("an equal split is never kept: the splits show it")
    func equalIsNotKept() throws {
        var expense = try Self.expense(900, .equal([Self.a, Self.b]))
        #expect(expense.splitGiven == nil)
        expense.splitGiven = .equal([Self.a])
        #expect(expense.splitGiven == nil)
        expense.splitGiven = Self.shares
        #expect(expense.splitGiven == Self.shares)
    }

    @Test("a kept rule counts only while it gives the splits; otherwise it is stale")
    func givenRuleFollowsTheSplits() throws {
        var expense = try Self.expense(900, Self.shares)
        #expect(expense.givenRule == Self.shares && expense.staleSplitGiven == nil)
        expense.splits = [ExpenseSplit(memberID: Self.a, amount: 450), ExpenseSplit(memberID: Self.b, amount: 450)]
        #expect(expense.givenRule == nil && expense.staleSplitGiven == Self.shares)
    }

    @Test("the one check: the rule's own error first, then whether it gives these splits")
    func check() throws {
        let expense = try Self.expense(900, Self.shares)
        try Self.shares.check(gives: expense.splits, amount: expense.amount)
        #expect(throws: SplitError.givenSplitMismatch) {
            try Self.percent.check(gives: expense.splits, amount: expense.amount)
        }
        let badPercent = SplitRule.percent([MemberWeight(memberID: Self.a, weight: 50_000_000)])
        #expect(throws: SplitError.percentSumMismatch(sum: 50_000_000)) {
            try badPercent.check(gives: expense.splits, amount: expense.amount)
        }
        // The same members and amounts in another order still match.
        try Self.shares.check(gives: expense.splits.reversed(), amount: expense.amount)
    }

    @Test("members: every member a rule names, once, in order of first mention")
    func members() {
        let bill = ItemizedBill(items: [BillItem(name: "Steak", price: 3200, among: [Self.c]),
                                        BillItem(name: "Wine", price: 4500, among: [Self.b, Self.c])],
                                among: [Self.a, Self.b])
        #expect(SplitRule.itemized(bill).members == [Self.a, Self.b, Self.c])
        #expect(Self.percent.members == [Self.a, Self.c])
    }

    @Test("merge: the split as given goes with the amount and shares, from the side that changed them")
    func mergeTakesTheShapeWithItsRule() throws {
        let base = try Self.expense(900, Self.shares)
        var mine = base
        mine.description = "Dinner at Lupe's"
        let theirs = try Self.expense(1200, Self.percent)
        let (merged, conflicts) = SyncMerge.expense(base: base, mine: mine, theirs: theirs)
        #expect(conflicts.isEmpty)
        #expect(merged.description == "Dinner at Lupe's" && merged.amount.minorUnits == 1200)
        #expect(merged.splitGiven == Self.percent && merged.givenRule == Self.percent)

        // Only the rule changed here (same shares another way): still one group, taken whole.
        var regiven = base
        regiven.splitGiven = .exact(base.splits.map { MemberAmount(memberID: $0.memberID, amount: $0.amount) })
        let (kept, none) = SyncMerge.expense(base: base, mine: regiven, theirs: base)
        #expect(none.isEmpty && kept.splitGiven == regiven.splitGiven)

        // Both changed the group differently: a conflict, and the trip shows theirs, rule too.
        var other = try Self.expense(600, Self.shares)
        other.description = base.description
        let (clash, fields) = SyncMerge.expense(base: base, mine: other, theirs: theirs)
        #expect(fields == [.amount])
        #expect(clash.splitGiven == Self.percent && clash.amount.minorUnits == 1200)
    }

    @Test("resolve --mine of the amount brings the rule with the shares")
    func copyingTheAmountCopiesTheRule() throws {
        let mine = try Self.expense(1200, Self.percent)
        var target = try Self.expense(900, Self.shares)
        ExpenseField.amount.copy(from: mine, into: &target)
        #expect(target.amount.minorUnits == 1200 && target.splitGiven == Self.percent && target.givenRule == Self.percent)
    }

    @Test("a server that keeps no split as given is compared without it")
    func heldByTheNodeServer() throws {
        let expense = try Self.expense(900, Self.shares)
        guard case .expense(let held) = ServerLimits.node.held(.expense(expense)) else {
            Issue.record("not an expense")
            return
        }
        #expect(held.splitGiven == nil && held.splits == expense.splits)
        #expect(ServerLimits().held(.expense(expense)) == .expense(expense))
    }
}
