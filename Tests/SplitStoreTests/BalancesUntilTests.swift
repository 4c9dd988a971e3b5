import Foundation
import Testing
import SplitCore
@testable import SplitStore

/// `balances --until` reads a past day two ways, whichever has fewer rows to read: the earlier
/// rows summed, or today's kept totals less the later rows. Both must give the same balances,
/// to the field, for every day.
@Suite("Balances as they stood on a day")
struct BalancesUntilTests {
    @Test(arguments: [11, 12, 13] as [UInt64])
    func bothWaysAgreeOnEveryDay(seed: UInt64) async throws {
        var fixture = try StoreFixture()
        var random = SplitMix64(seed: seed)
        let (trip, members) = try await fixture.trip(["Alex", "Bea", "Chen", "Dana"])
        let backend = fixture.backend
        let start = CivilDate(parsing: "2024-11-01")!
        for _ in 0..<120 {
            let day = start.adding(days: Int64.random(in: 0..<40, using: &random))
            // CHF only in the last days: a currency the past does not know yet.
            let code = day > start.adding(days: 34) ? "CHF" : ["JPY", "USD"].randomElement(using: &random)!
            if Int.random(in: 0..<5, using: &random) == 0 {
                let pair = members.shuffled(using: &random).prefix(2)
                try await backend.addPayment(Payment(id: PaymentID(StoreFixture.id()), from: pair.first!.id, to: pair.last!.id,
                                                     amount: Money(minorUnits: Int64.random(in: 1...50_000, using: &random),
                                                                   currency: try Currency(code: code)),
                                                     date: day), trip: trip.id, at: fixture.tick())
            } else {
                let sharers = Array(members.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
                var expense = try StoreFixture.expense(Int64.random(in: 1...900_000, using: &random), code,
                                                       paidBy: members.randomElement(using: &random)!, among: sharers,
                                                       date: day.description)
                if Bool.random(using: &random) { expense.splits[0].isPaid = true }
                try await backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
            }
        }
        var sawCHFAppear = false
        for offset in -1...41 {
            let until = start.adding(days: Int64(offset))
            let later = try DateSpan(since: until.adding(days: 1), until: nil)
            let (summed, subtracted, chosen) = try backend.database.read { db in
                (try backend.summed(db, trip: trip.id, span: try DateSpan(since: nil, until: until)),
                 try backend.balances(db, trip: trip.id, subtracting: later),
                 try backend.balances(db, trip: trip.id, span: try DateSpan(since: nil, until: until)))
            }
            #expect(subtracted == summed, "until \(until)")
            #expect(chosen == summed, "until \(until)")
            if offset == 0 { sawCHFAppear = !summed.contains { $0.currency.code == "CHF" } }
        }
        // The control: the earliest day truly lacks the late currency that today's totals hold.
        #expect(sawCHFAppear)
        #expect(try await backend.balances(trip: trip.id).contains { $0.currency.code == "CHF" })
    }
}
