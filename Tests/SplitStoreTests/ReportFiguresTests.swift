import Foundation
import GRDB
import SplitCore
@testable import SplitStore
import Testing

/// `reportFigures`: what `split report` reads in one transaction.
@Suite("Report figures")
struct ReportFiguresTests {
    @Test("day totals per currency, oldest first; the newest expenses up to the limit; held items with their reason")
    func figures() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let expenses = [
            try StoreFixture.expense(900, paidBy: members[0], among: members, date: "2025-01-21"),
            try StoreFixture.expense(300, paidBy: members[1], among: members, date: "2025-01-20"),
            try StoreFixture.expense(100, paidBy: members[1], among: members, date: "2025-01-21"),
            try StoreFixture.expense(250, "USD", paidBy: members[0], among: members, date: "2025-01-22"),
        ]
        try await fixture.backend.addExpenses(expenses, trip: trip.id, at: fixture.tick())
        try fixture.backend.database.write { db in
            try db.execute(sql: """
                INSERT INTO foreign_item (trip_id, item, state, revision, body, reason, noted_at)
                VALUES (?, 'expense:4d3c2b1a-0000', 'held', 7, '{}', 'its shares do not add up', '2025-01-20T09:30:00.000Z')
                """, arguments: [trip.id.rawValue])
        }
        let figures = try await fixture.backend.reportFigures(trip: trip.id, expenseLimit: 3)
        #expect(figures.days.map { "\($0.currency.code) \($0.date) \($0.total) \($0.count)" }
                == ["JPY 2025-01-20 300 1", "JPY 2025-01-21 1000 2", "USD 2025-01-22 250 1"])
        #expect(figures.expenses.count == 3)
        #expect(figures.expenses.map(\.date.description) == ["2025-01-22", "2025-01-21", "2025-01-21"])
        #expect(figures.categories.reduce(0) { $0 + $1.count } == 4)
        #expect(figures.balances == (try await fixture.backend.balances(trip: trip.id)))
        #expect(figures.held.map(\.reason) == ["its shares do not add up"])
        #expect(try await fixture.backend.reportFigures(trip: trip.id, expenseLimit: 0).expenses.isEmpty)
    }
}
