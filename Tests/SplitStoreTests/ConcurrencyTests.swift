import Foundation
import Testing
import SplitCore
@testable import SplitStore

/// Two connections (as two `split` processes would have) writing the same file at once.
@Suite("Concurrent writers")
struct ConcurrencyTests {
    @Test func twoConnectionsAddingAtOnceLoseNothing() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip()
        let first = LocalBackend(database: try SplitDatabase(path: fixture.path))
        let second = LocalBackend(database: try SplitDatabase(path: fixture.path))
        let perWriter = 150
        try await withThrowingTaskGroup(of: Void.self) { group in
            for backend in [first, second] {
                group.addTask {
                    for index in 0..<perWriter {
                        let expense = try StoreFixture.expense(Int64(100 + index), paidBy: members[index % 4], among: members)
                        try await backend.addExpenses([expense], trip: trip.id,
                                                      at: Timestamp(millisecondsSince1970: Int64(index)))
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try await fixture.backend.expenses(trip: trip.id, filter: .all)
        #expect(stored.count == 2 * perWriter)
        let total = try await fixture.backend.balances(trip: trip.id).first!.balances.reduce(Int64(0)) { $0 + $1.totalPaid }
        #expect(total == 2 * (0..<perWriter).reduce(Int64(0)) { $0 + Int64(100 + $1) })
    }

    @Test func twoConnectionsCreatingTheSameNewFileBothSucceed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-race-\(UUID().uuidString)")
        let path = directory.appendingPathComponent("new.sqlite").path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { _ = try SplitDatabase(path: path) }
            }
            try await group.waitForAll()
        }
        let backend = LocalBackend(database: try SplitDatabase(path: path))
        #expect(try await backend.trips().isEmpty)
    }
}
