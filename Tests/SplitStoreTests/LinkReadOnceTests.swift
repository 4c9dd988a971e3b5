import Foundation
import Testing
import SplitCore
@testable import SplitStore

/// A backend made for one command reads each trip's link once and acts on that copy; another
/// process that unlinks the trip meanwhile makes the write or the sync fail whole, never
/// leaves an operation waiting for a link that is gone.
@Suite("a trip's link, read once per command")
struct LinkReadOnceTests {
    /// A linked trip with members Alex and Bea, and a second backend for one command on the same file.
    private static func linkedTrip() async throws -> (StoreFixture, Trip, [Member], LocalBackend) {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        try fixture.backend.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a", group: "g",
                                                         syncProtocol: .feed, at: fixture.tick())
        let command = LocalBackend(database: try SplitDatabase(path: fixture.path), oneCommand: true)
        return (fixture, trip, members, command)
    }

    @Test("the scope's read is the writer's: a write then queues with no read of the link, and is counted in the journal")
    func oneRead() async throws {
        var (fixture, trip, members, command) = try await Self.linkedTrip()
        let scope = try #require(try await command.scope(reference: trip.id.rawValue, meName: nil))
        #expect(scope.link?.group == "g")
        let expense = try StoreFixture.expense(900, paidBy: members[0], among: members)
        _ = try await command.addExpenses([expense], trip: trip.id, at: fixture.tick())
        #expect(command.journal.queued.map(\.waiting) == [1])
        #expect(try fixture.backend.pendingCount(trip.id) == 1)
    }

    @Test("unlinked by another process after the command read the link: the write fails whole, naming why")
    func unlinkedMeanwhile() async throws {
        var (fixture, trip, members, command) = try await Self.linkedTrip()
        _ = try await command.scope(reference: trip.id.rawValue, meName: nil)
        try fixture.backend.unlink(trip.id)

        let expense = try StoreFixture.expense(900, paidBy: members[0], among: members)
        await #expect(throws: StoreError.notFound("the trip was unlinked by another split process meanwhile; nothing was changed "
                                                  + "(run the command again)")) {
            _ = try await command.addExpenses([expense], trip: trip.id, at: fixture.tick())
        }
        #expect(try await fixture.backend.expenses(trip: trip.id, filter: .all).isEmpty)
        #expect(try await fixture.backend.activity(trip: trip.id, limit: 10).allSatisfy { $0.action != "expense.add" })
    }

    @Test("a sync's answer for a trip unlinked meanwhile is refused whole")
    func applyAfterUnlink() async throws {
        var (fixture, trip, members, command) = try await Self.linkedTrip()
        let store = command
        #expect(try store.link(trip.id) != nil)
        try fixture.backend.unlink(trip.id)
        let chen = Member(id: MemberID(StoreFixture.id()), name: "Chen")
        let pulled = RemoteChanges(revision: 5, items: [RemoteItem(key: .member(chen.id), revision: 5, value: .member(chen))])
        #expect(throws: StoreError.self) {
            try store.apply(trip: trip.id, pushed: [], outcomes: [], changes: pulled, at: fixture.tick())
        }
        #expect(try await fixture.backend.members(trip: trip.id).map(\.name) == members.map(\.name))
    }

    @Test("a backend that outlives a command reads the link each time, so it follows a link made elsewhere")
    func longLivedBackend() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        #expect(try await fixture.backend.scope(reference: trip.id.rawValue, meName: nil)?.link == nil)
        try LocalBackend(database: fixture.backend.database).linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a",
                                                                    group: "g", syncProtocol: .feed, at: fixture.tick())
        _ = try await fixture.backend.addExpenses([try StoreFixture.expense(900, paidBy: members[0], among: members)],
                                             trip: trip.id, at: fixture.tick())
        #expect(try fixture.backend.pendingCount(trip.id) == 1)
    }
}

/// The store mints no id of its own: outbox operations take the backend's generator.
@Suite("the store's new ids come from the run's generator")
struct StoreIDsTests {
    @Test("an outbox operation's id is the generator's next")
    func operationIDs() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        try fixture.backend.linkTrip(trip.id, server: "http://127.0.0.1:1", account: "a", group: "g",
                                                         syncProtocol: .feed, at: fixture.tick())
        let counter = Counter()
        let backend = LocalBackend(database: try SplitDatabase(path: fixture.path), oneCommand: true,
                                   ids: IDGenerator { "op-\(counter.next())" })
        _ = try await backend.addExpenses([try StoreFixture.expense(900, paidBy: members[0], among: members)],
                                          trip: trip.id, at: fixture.tick())
        try await backend.renameMember(members[1].id, to: "Bee", trip: trip.id, at: fixture.tick())
        #expect(try backend.pending(trip.id, limit: 10).map(\.opID) == ["op-1", "op-2"])
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
