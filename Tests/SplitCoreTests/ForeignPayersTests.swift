import Testing
@testable import SplitCore

/// Several payers from another client (split-server's `payers`): read by the same rule as
/// shares: exact, repaired by largest remainder, the rest paid by `paidByMemberId`, or held.
@Suite struct ForeignPayersTests {
    static let alex = ForeignReadingTests.payer, bea = ForeignReadingTests.bea, chen = ForeignReadingTests.chen

    static func item(_ amount: Double, payers: [(MemberID, Double)]) -> ForeignExpense {
        var item = ForeignReadingTests.foreign(amount, shares: [(alex, amount / 2), (bea, amount / 2)])
        item.payers = payers.map { .init(memberID: $0.0, amount: $0.1) }
        return item
    }

    static func reason(_ item: ForeignExpense) -> String? {
        if case .held(let reason, _) = ForeignReading.expense(item) { return reason }
        return nil
    }

    @Test("payers that add up are read as written, in member-id order")
    func exact() throws {
        let (expense, repairs) = try ForeignReadingTests.usable(Self.item(1000, payers: [(Self.bea, 400), (Self.alex, 600)]))
        #expect(expense.payers == [ExpensePayer(memberID: Self.alex, amount: 600), ExpensePayer(memberID: Self.bea, amount: 400)])
        #expect(repairs.isEmpty)
    }

    @Test("float parts (333.33 × 3 of JPY 1000) are repaired by largest remainder and the repair is named")
    func floats() throws {
        let (expense, repairs) = try ForeignReadingTests.usable(
            Self.item(1000, payers: [(Self.alex, 333.33), (Self.bea, 333.33), (Self.chen, 333.33)]))
        #expect(expense.payers.map(\.amount) == [334, 333, 333])
        #expect(repairs.contains(.payersRepaired(sum: 999, changes: [.init(memberID: Self.alex, delta: 1)])))
        let line = ForeignRepair.payersRepaired(sum: 999, changes: [.init(memberID: Self.alex, delta: 1)])
            .message(amount: expense.amount) { _ in "Alex" }
        #expect(line == "payers paid JPY 999, not JPY 1000; repaired by largest remainder: +1 to 'Alex'")
    }

    @Test("parts short of the amount: the rest is paid by paidByMemberId, listed or added")
    func short() throws {
        let (listed, repairs) = try ForeignReadingTests.usable(Self.item(1000, payers: [(Self.alex, 300), (Self.bea, 300)]))
        #expect(listed.payers == [ExpensePayer(memberID: Self.alex, amount: 700), ExpensePayer(memberID: Self.bea, amount: 300)])
        #expect(repairs == [.restPaidBy(sum: 600, rest: 400)])
        let (added, _) = try ForeignReadingTests.usable(Self.item(1000, payers: [(Self.bea, 300), (Self.chen, 300)]))
        #expect(added.payers.map(\.memberID) == [Self.alex, Self.bea, Self.chen])
        #expect(added.payers.map(\.amount) == [400, 300, 300])
    }

    @Test("no sound reading: held with the reason", arguments: [
        ([(alex, 700.0), (bea, 400.0)], "payers pay JPY 1100, JPY 100 more than the amount JPY 1000"),
        ([(alex, 500.0), (alex, 500.0)], "is listed twice as a payer"),
        ([(alex, 1000.0), (bea, 0.0)], "pays 0, not a positive amount of JPY"),
        ([(alex, 1100.0), (bea, -100.0)], "pays -100, not a positive amount of JPY"),
    ])
    func held(_ payers: [(MemberID, Double)], _ reason: String) {
        let found = Self.reason(Self.item(1000, payers: payers))
        #expect(found?.contains(reason) == true, "\(found ?? "usable")")
    }

    @Test("a payer outside the trip is named by the membership check")
    func outsider() throws {
        let (expense, _) = try ForeignReadingTests.usable(Self.item(1000, payers: [(Self.alex, 500), (Self.chen, 500)]))
        let problem = ForeignReading.membershipProblem(expense) { $0 != Self.chen }
        #expect(problem == "the payer, member \(Self.chen.short), is not in this trip")
    }
}
