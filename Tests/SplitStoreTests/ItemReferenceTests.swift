import Testing
import SplitCore
@testable import SplitStore

/// Expenses and payments named by an id prefix of 4+ characters or, for expenses, a whole
/// description; chosen ids make the prefixes collide, which random ones rarely do.
@Suite("finding an expense or payment by id prefix or description")
struct ItemReferenceTests {
    /// A trip with "Café" (id abcd1111…), "Taxi" (cafe2222…), "cafe" (ef013333…) and two
    /// payments (9876aaaa…, 9876bbbb…).
    private func trip() async throws -> (StoreFixture, TripID) {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        var expenses: [Expense] = []
        for (id, description) in [("abcd1111", "Café"), ("cafe2222", "Taxi"), ("ef013333", "cafe")] {
            let drafted = try StoreFixture.expense(1000, paidBy: members[0], among: members)
            expenses.append(Expense(id: ExpenseID(id + "-0000-0000-0000-000000000000"), description: description,
                                    amount: drafted.amount, payers: drafted.payers, date: drafted.date, splits: drafted.splits))
        }
        try await fixture.backend.addExpenses(expenses, trip: trip.id, at: fixture.tick())
        let payments = ["9876aaaa", "9876bbbb"].map {
            Payment(id: PaymentID($0 + "-0000-0000-0000-000000000000"), from: members[1].id, to: members[0].id,
                    amount: Money(minorUnits: 500, currency: trip.currency), date: CivilDate(parsing: "2025-01-20")!)
        }
        try await fixture.backend.addPayments(payments, trip: trip.id, at: fixture.tick())
        return (fixture, trip.id)
    }

    @Test("a unique id prefix of 4+ characters or a whole description finds one expense",
          arguments: [("ABCD", "Café"), ("cafe2", "Taxi"), ("  taxi ", "Taxi"), ("ef01", "cafe"),
                      ("cafe2222-0000-0000-0000-000000000000", "Taxi")])
    func unique(reference: String, description: String) async throws {
        let (fixture, trip) = try await trip()
        #expect(try await fixture.backend.expense(matching: reference, trip: trip).description == description)
    }

    @Test("an ambiguous reference lists every candidate: a hex description may start an id too")
    func ambiguous() async throws {
        let (fixture, trip) = try await trip()
        do {
            _ = try await fixture.backend.expense(matching: "Cafe", trip: trip)
            Issue.record("'Cafe' names three expenses")
        } catch let error as ResolutionError {
            guard case .ambiguousItem(let what, _, let candidates) = error else { throw error }
            #expect(what == "expense")
            #expect(candidates.map { String($0.prefix(8)) }.sorted() == ["abcd1111", "cafe2222", "ef013333"])
            #expect(candidates.contains("abcd1111 2025-01-20 'Café' JPY 1000"))
            #expect(error.message.hasSuffix("; give more of the id"))
        }
        await #expect(throws: ResolutionError.self) { try await fixture.backend.payment(matching: "9876", trip: trip) }
        #expect(try await fixture.backend.payment(matching: "9876B", trip: trip).id.rawValue.hasPrefix("9876bbbb"))
    }

    @Test("an unknown or too short reference says so", arguments: ["abc", "zzzz", "Lunch"])
    func unknown(reference: String) async throws {
        let (fixture, trip) = try await trip()
        await #expect(throws: StoreError.self) { try await fixture.backend.expense(matching: reference, trip: trip) }
    }
}
