import Foundation
import SplitCore
import SplitImport
@testable import SplitStore
import Testing

@Suite("import: writing a plan to the store")
struct StoreImportTests {
    static let at = Timestamp(millisecondsSince1970: 1_737_360_000_000)

    /// A plan of `expenses` expenses in two currencies with paid shares, and some payments.
    static func plan(name: String = "Bulk", expenses: Int, seed: UInt64 = 7) throws -> ImportPlan {
        var random = SplitMix64(seed: seed)
        let jpy = try Currency(code: "JPY"), usd = try Currency(code: "USD")
        let members = ["Alex", "Bea", "Chen", "Dana", "Eve"]
        var trip = ImportTrip(source: "test:\(name)", name: name, currency: jpy,
                              members: members.map { ImportMember(source: "test:m:\($0)", name: $0) })
        for index in 0..<expenses {
            let currency = index % 3 == 0 ? usd : jpy
            let among = members.filter { _ in random.next() % 3 != 0 }
            let sharers = among.isEmpty ? ["Alex"] : among
            let shares = sharers.map { _ in Int64(random.next() % 5000) }
            let payer = members[Int(random.next() % 5)]
            trip.expenses.append(ImportExpense(
                source: "test:e:\(name):\(index)", description: "Expense \(index)",
                amount: Money(minorUnits: shares.reduce(0, +) + 1, currency: currency), category: .meal,
                paidBy: "test:m:\(payer)", date: CivilDate(year: 2025, month: 1, day: 1 + index % 28)!,
                splits: zip(sharers, shares).enumerated().map { position, pair in
                    ImportExpense.Share(member: "test:m:\(pair.0)", amount: pair.1 + (position == 0 ? 1 : 0),
                                        isPaid: pair.0 != payer && random.next() % 4 == 0)
                }))
        }
        for index in 0..<(expenses / 10) {
            trip.payments.append(ImportPayment(source: "test:p:\(name):\(index)", from: "test:m:Bea", to: "test:m:Alex",
                                               amount: Money(minorUnits: Int64(100 + index), currency: index % 2 == 0 ? jpy : usd),
                                               date: CivilDate(year: 2025, month: 2, day: 1)!))
        }
        return ImportPlan(trips: [trip])
    }

    func triggerCount(_ sandbox: ImportSandbox) throws -> Int {
        try sandbox.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'") ?? 0 }
    }

    func expectTotalsExact(_ sandbox: ImportSandbox, trip: TripID) async throws {
        let stored = try await sandbox.backend.balances(trip: trip)
        let members = try await sandbox.backend.members(trip: trip)
        let recomputed = try BalanceCalculator.balances(
            members: members.map(\.id), expenses: try await sandbox.backend.expenses(trip: trip, filter: .all),
            payments: try await sandbox.backend.payments(trip: trip))
        func table(_ all: [CurrencyBalances]) -> [String: MemberBalance] {
            var result: [String: MemberBalance] = [:]
            for currency in all {
                for balance in currency.balances where balance != MemberBalance(memberID: balance.memberID) {
                    result["\(currency.currency.code)/\(balance.memberID)"] = balance
                }
            }
            return result
        }
        #expect(table(stored) == table(recomputed))
        #expect(!table(stored).isEmpty)
    }

    @Test("a bulk import into a trip with expenses keeps the balance totals exact and puts every trigger back")
    func bulkTotals() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let triggers = try triggerCount(sandbox)
        // A small import (per-row triggers) first, then a bulk one on top of it.
        let small = try Self.plan(name: "Bulk", expenses: 40, seed: 1)
        _ = try sandbox.backend.importPlan(small, into: nil, keepIDs: false, dryRun: false, at: Self.at, newID: { UUID().uuidString.lowercased() })
        let trip = try await sandbox.backend.trip(matching: "Bulk")
        let bulk = try Self.plan(name: "Other", expenses: BulkTotals.threshold + 100, seed: 2)
        let summary = try sandbox.backend.importPlan(bulk, into: trip.id, keepIDs: false, dryRun: false, at: Self.at, newID: { UUID().uuidString.lowercased() })
        #expect(summary.trips[0].expensesAdded == BulkTotals.threshold + 100)
        #expect(try triggerCount(sandbox) == triggers)
        try await expectTotalsExact(sandbox, trip: trip.id)

        // The triggers work again: a normal edit after the import keeps totals exact.
        let expense = try #require(try await sandbox.backend.expenses(trip: trip.id, filter: .all).first)
        try await sandbox.backend.deleteExpense(expense.id, trip: trip.id, at: Self.at)
        try await expectTotalsExact(sandbox, trip: trip.id)
    }

    @Test("a dry run writes nothing, not even the record of sources")
    func dryRun() throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        let summary = try sandbox.backend.importPlan(try Self.plan(expenses: 700), into: nil, keepIDs: false, dryRun: true,
                                                     at: Self.at, newID: { UUID().uuidString.lowercased() })
        #expect(summary.trips[0].expensesAdded == 700 && summary.trips[0].created)
        for table in ["trip", "member", "expense", "expense_split", "payment", "import_source", "balance_total", "activity"] {
            #expect(try sandbox.count(table) == 0, "\(table) is empty")
        }
        #expect(try triggerCount(sandbox) > 0)
    }

    @Test("a bad expense in the second trip leaves nothing of the first")
    func atomic() throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        var plan = try Self.plan(name: "First", expenses: 600)
        var second = try Self.plan(name: "Second", expenses: 5).trips[0]
        second.expenses[4].splits[0].member = "test:m:Nobody"
        plan.trips.append(second)
        #expect(throws: StoreError.self) {
            try sandbox.backend.importPlan(plan, into: nil, keepIDs: false, dryRun: false, at: Self.at, newID: { UUID().uuidString.lowercased() })
        }
        for table in ["trip", "member", "expense", "payment", "import_source", "balance_total"] {
            #expect(try sandbox.count(table) == 0, "\(table) is empty")
        }
        #expect(try triggerCount(sandbox) > 0)
    }

    @Test("a new trip whose name is taken is refused with a hint to use --into")
    func nameTaken() async throws {
        let sandbox = try ImportSandbox()
        defer { sandbox.remove() }
        _ = try await sandbox.backend.createTrip(Trip(id: TripID(UUID().uuidString.lowercased()), name: "bulk", currency: try Currency(code: "EUR")), at: Self.at)
        let error = #expect(throws: StoreError.self) {
            try sandbox.backend.importPlan(try Self.plan(expenses: 3), into: nil, keepIDs: false, dryRun: false, at: Self.at, newID: { UUID().uuidString.lowercased() })
        }
        #expect(error?.message.contains("a trip named 'Bulk' already exists; import into it with --into 'Bulk'") == true)
    }
}
