import Foundation
import Testing
import SplitCore
@testable import SplitStore

/// The trigger-maintained totals must always equal a recomputation from the raw rows by
/// SplitCore's `BalanceCalculator`, whatever sequence of changes (and undos) produced them.
@Suite("Balance totals kept by triggers")
struct BalanceTotalsTests {
    @Test(arguments: [1, 2, 3, 4])
    func randomOperationsKeepTotalsExact(seed: UInt64) async throws {
        var fixture = try StoreFixture()
        var random = SplitMix64(seed: seed)
        let (trip, members) = try await fixture.trip(["Alex", "Bea", "Chen", "Dana", "Eve"])
        let backend = fixture.backend
        let currencies = ["JPY", "USD", "KWD"]
        for step in 0..<150 {
            let expenses = try await backend.expenses(trip: trip.id, filter: .all)
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                let payer = members.randomElement(using: &random)!
                let sharers = Array(members.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)))
                let amount = Int64.random(in: 1...5_000_000, using: &random)
                let code = currencies.randomElement(using: &random)!
                var expense = try StoreFixture.expense(amount, code, paidBy: payer, among: sharers)
                if Bool.random(using: &random), amount >= 3 {
                    // Several payers, so their parts of each share move the totals too.
                    let payers = Array(members.shuffled(using: &random).prefix(Int.random(in: 2...3, using: &random)))
                    expense.payers = try PayerAllocator.payers(amount: expense.amount, rule: .equal(payers.map(\.id)))
                }
                try await backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
            case 4 where !expenses.isEmpty:
                var edited = expenses.randomElement(using: &random)!
                let money = Money(minorUnits: Int64.random(in: 1...900_000, using: &random), currency: edited.amount.currency)
                edited.amount = money
                let payers = Array(members.shuffled(using: &random).prefix(money.minorUnits < 3 ? 1 : Int.random(in: 1...3, using: &random)))
                edited.payers = try PayerAllocator.payers(amount: money, rule: .equal(payers.map(\.id)))
                edited.splits = try SplitAllocator.splits(amount: money, rule: .equal(members.prefix(3).map(\.id)))
                try await backend.replaceExpense(edited, trip: trip.id, at: fixture.tick())
            case 5 where !expenses.isEmpty:
                try await backend.deleteExpense(expenses.randomElement(using: &random)!.id, trip: trip.id, at: fixture.tick())
            case 6 where !expenses.isEmpty:
                let expense = expenses.randomElement(using: &random)!
                let split = expense.splits.randomElement(using: &random)!
                try await backend.setSharePaid(expense: expense.id, member: split.memberID, paid: !split.isPaid,
                                               trip: trip.id, at: fixture.tick())
            case 7:
                let pair = members.shuffled(using: &random).prefix(2)
                let payment = Payment(
                    id: PaymentID(StoreFixture.id()), from: pair.first!.id, to: pair.last!.id,
                    amount: Money(minorUnits: Int64.random(in: 1...100_000, using: &random), currency: try Currency(code: "JPY")),
                    date: CivilDate(parsing: "2025-01-21")!)
                try await backend.addPayment(payment, trip: trip.id, at: fixture.tick())
            case 8:
                // Undo anything but the set-up entries (the trip and its members).
                let newest = try await backend.activity(trip: trip.id, limit: 200).first { $0.undoneAt == nil }
                if let newest, newest.action != "member.add", newest.action != "trip.create" {
                    _ = try await backend.undo(trip: trip.id, at: fixture.tick())
                }
            default:
                break
            }
            if step % 10 == 9 { try await StoreFixture.expectTotalsMatchRecomputation(backend, trip: trip.id, members: members) }
        }
        try await StoreFixture.expectTotalsMatchRecomputation(backend, trip: trip.id, members: members)
    }

    /// A big batch skips the per-row triggers and adds its totals at the end (BulkTotals):
    /// they must equal the triggers' own, with several payers and shares paid back to them.
    @Test func aBigBatchWithSeveralPayersKeepsTotalsExact() async throws {
        var fixture = try StoreFixture()
        var random = SplitMix64(seed: 7)
        let (trip, members) = try await fixture.trip(["Alex", "Bea", "Chen", "Dana", "Eve"])
        var batch: [Expense] = []
        for _ in 0..<(BulkTotals.threshold + 100) {
            let sharers = Array(members.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)))
            var expense = try StoreFixture.expense(Int64.random(in: 3...5_000_000, using: &random), ["JPY", "USD"].randomElement(using: &random)!,
                                                   paidBy: members.randomElement(using: &random)!, among: sharers)
            if Bool.random(using: &random) {
                let payers = members.shuffled(using: &random).prefix(Int.random(in: 2...3, using: &random)).map(\.id)
                expense.payers = try PayerAllocator.payers(amount: expense.amount, rule: .equal(payers))
            }
            for index in expense.splits.indices { expense.splits[index].isPaid = Bool.random(using: &random) }
            batch.append(expense)
        }
        try await fixture.backend.addExpenses(batch, trip: trip.id, at: fixture.tick())
        try await StoreFixture.expectTotalsMatchRecomputation(fixture.backend, trip: trip.id, members: members)
        // The triggers are back: a single change after the batch still moves the totals.
        try await fixture.backend.deleteExpense(batch[0].id, trip: trip.id, at: fixture.tick())
        try await StoreFixture.expectTotalsMatchRecomputation(fixture.backend, trip: trip.id, members: members)
    }

    @Test func softDeleteAndUndoMoveTotalsBackAndForth() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip()
        let expense = try StoreFixture.expense(12000, paidBy: members[0], among: members)
        try await fixture.backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
        let before = try await fixture.backend.balances(trip: trip.id)
        #expect(before.first?.balances.first?.net == 9000)
        try await fixture.backend.deleteExpense(expense.id, trip: trip.id, at: fixture.tick())
        #expect(try await fixture.backend.balances(trip: trip.id).isEmpty)
        _ = try await fixture.backend.undo(trip: trip.id, at: fixture.tick())
        #expect(try await fixture.backend.balances(trip: trip.id) == before)
    }

    @Test func paidShareCountsAsPaymentToPayer() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let expense = try StoreFixture.expense(1000, paidBy: members[0], among: members)
        try await fixture.backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
        try await fixture.backend.setSharePaid(expense: expense.id, member: members[1].id, paid: true, trip: trip.id, at: fixture.tick())
        let balances = try #require(try await fixture.backend.balances(trip: trip.id).first).balances
        #expect(balances[0] == MemberBalance(memberID: members[0].id, totalPaid: 1000, totalShare: 500, paymentsMade: 0, paymentsReceived: 500))
        #expect(balances[1] == MemberBalance(memberID: members[1].id, totalPaid: 0, totalShare: 500, paymentsMade: 500, paymentsReceived: 0))
        #expect(balances.allSatisfy { $0.net == 0 })
    }
}
