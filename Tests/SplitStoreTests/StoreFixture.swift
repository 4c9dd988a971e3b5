import Foundation
import Testing
import SplitCore
@testable import SplitStore

/// A fresh on-disk database in its own temporary directory, with helpers to build a trip.
struct StoreFixture {
    let directory: URL
    let path: String
    let backend: LocalBackend
    private(set) var clock: Int64 = 1_737_360_000_000

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("split.sqlite").path
        backend = LocalBackend(database: try SplitDatabase(path: path))
    }

    mutating func tick() -> Timestamp {
        clock += 1000
        return Timestamp(millisecondsSince1970: clock)
    }

    static func id() -> String { UUID().uuidString.lowercased() }

    /// Creates a JPY trip with the given members and returns them in name order.
    mutating func trip(_ names: [String] = ["Alex", "Bea", "Chen", "Dana"], currency: String = "JPY")
        async throws -> (Trip, [Member]) {
        let trip = Trip(id: TripID(Self.id()), name: "Trip \(Self.id().prefix(6))", currency: try Currency(code: currency))
        try await backend.createTrip(trip, at: tick())
        let members = names.map { Member(id: MemberID(Self.id()), name: $0) }
        try await backend.addMembers(members, trip: trip.id, at: tick())
        return (trip, try await backend.members(trip: trip.id))
    }

    static func expense(_ amount: Int64, _ currency: String = "JPY", paidBy: Member, among: [Member],
                        date: String = "2025-01-20") throws -> Expense {
        let money = Money(minorUnits: amount, currency: try Currency(code: currency))
        return Expense(
            id: ExpenseID(id()), description: "Expense \(amount)", amount: money, paidBy: paidBy.id,
            date: CivilDate(parsing: date)!,
            splits: try SplitAllocator.splits(amount: money, rule: .equal(among.map(\.id))))
    }

    /// The trigger-kept totals equal SplitCore's recomputation from the rows, and nets sum to
    /// zero per currency.
    static func expectTotalsMatchRecomputation(_ backend: LocalBackend, trip: TripID, members: [Member]) async throws {
        let stored = try await backend.balances(trip: trip)
        let expenses = try await backend.expenses(trip: trip, filter: .all)
        let payments = try await backend.payments(trip: trip)
        let recomputed = try BalanceCalculator.balances(members: members.map(\.id), expenses: expenses, payments: payments)
        // Stored balances list every currency with any activity; recomputed ones too, so compare
        // per member and currency, treating a missing row as zero.
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
        for currency in stored {
            #expect(currency.balances.reduce(Int64(0)) { $0 + $1.net } == 0, "nets of \(currency.currency) sum to zero")
        }
    }
}
