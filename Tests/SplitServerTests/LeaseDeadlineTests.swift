import Foundation
@testable import SplitServer
import Synchronization
import Testing

/// The deadlines on waits for PostgreSQL (``LeaseDeadline`` on ``DeadlineSweeper``), without a
/// database: work that stands for a lease wait, a statement that never answers, or one that
/// answers at once.
///
/// Nothing here depends on how fast the machine is: a deadline that must pass is short and
/// the work waits for its cancellation or for the test; one that must not pass is an hour
/// long, and a test that needs it to pass at a moment of its own makes it pass there
/// (``DeadlineSweeper/expireDue(at:)``).
@Suite("deadlines on waits for PostgreSQL", .timeLimit(.minutes(2)))
struct LeaseDeadlineTests {
    static let limit: Duration = .milliseconds(200)

    /// Whether `error` is the 503 a missed deadline becomes.
    static func isMissedDeadline(_ error: any Error) -> Bool {
        (error as? DatabaseUnavailable)?.description.hasPrefix("no database connection within") == true
    }

    /// A wait that ignores cancellation, as a future on a broken connection may, until
    /// ``open()``; it neither spins nor holds a thread.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func wait() async {
            await withCheckedContinuation { continuation in
                let resume = state.withLock { state -> Bool in
                    if state.open { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if resume { continuation.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            waiting.forEach { $0.resume() }
        }
    }

    @Test("a lease that does not come in time: the wait fails as the database being away, and the waiting work is cancelled")
    func leaseTooLate() async throws {
        let cancelled = Atomic(false)
        await #expect(throws: DatabaseUnavailable.self) {
            try await LeaseDeadline.withLease(limit: Self.limit) { _ in
                // Stands for the pool's wait for a connection, which ends when its task is
                // cancelled; left alone, it would end after 30 s, uncancelled.
                do { try await Task.sleep(for: .seconds(30)) } catch { cancelled.store(true, ordering: .relaxed) }
                throw CancellationError()
            }
        }
        let cancelledNow = cancelled.load(ordering: .relaxed)
        #expect(cancelledNow)
    }

    @Test("a lease that comes after the deadline is refused before anything runs on it")
    func leaseAfterDeadline() async throws {
        let ranStatements = Atomic(false)
        let gate = Gate()
        do {
            _ = try await LeaseDeadline.withLease(limit: Self.limit) { leased in
                // The lease arrives only once the deadline has cancelled the wait for it.
                await withTaskCancellationHandler { await gate.wait() } onCancel: { gate.open() }
                try leased()
                ranStatements.store(true, ordering: .relaxed)
            }
            Issue.record("the late lease was used")
        } catch {
            #expect(Self.isMissedDeadline(error), "\(error)")
        }
        let ranNow = ranStatements.load(ordering: .relaxed)
        #expect(!ranNow)
    }

    @Test("once leased, work runs to its end however long it takes, and answers its value")
    func leasedWorkIsNotCut() async throws {
        let sweeper = DeadlineSweeper(tick: .seconds(3600))
        let value = try await LeaseDeadline.withLease(limit: .seconds(3600), sweeper: sweeper) { leased in
            try leased()
            // The deadline passes while the work runs: were it still counted, the work would be
            // cancelled and the sleep would throw.
            sweeper.expireDue(at: .now + .seconds(7200))
            try await Task.sleep(for: .milliseconds(20))
            return 42
        }
        #expect(value == 42)
    }

    @Test("work that fails on its own fails with its own error, not the deadline's")
    func ownErrorKept() async throws {
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await LeaseDeadline.withLease(limit: .seconds(3600)) { leased in
                try leased()
                throw Refused()
            }
        }
        await #expect(throws: Refused.self) {
            try await LeaseDeadline.within(limit: .seconds(3600)) { () async throws -> Unchecked<Int> in throw Refused() }
        }
    }

    @Test("a single statement that never answers: the caller stops waiting at the deadline, even though the statement ignores cancellation")
    func statementNeverAnswers() async throws {
        let finished = Atomic(false)
        let gate = Gate()
        do {
            _ = try await LeaseDeadline.within(limit: Self.limit) { () async throws -> Unchecked<Int> in
                await gate.wait()
                finished.store(true, ordering: .relaxed)
                return Unchecked(1)
            }
            Issue.record("the statement answered")
        } catch {
            #expect(Self.isMissedDeadline(error), "\(error)")
        }
        let finishedNow = finished.load(ordering: .relaxed)
        #expect(!finishedNow, "the caller waited for the statement")
        gate.open()
    }

    @Test("many quick waits answer their own values and leave nothing armed")
    func quickWaitsDisarm() async throws {
        let sweeper = DeadlineSweeper(tick: .milliseconds(50))
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        return try await LeaseDeadline.within(limit: .seconds(3600), sweeper: sweeper) { Unchecked(index) }
                    }
                    return try await LeaseDeadline.withLease(limit: .seconds(3600), sweeper: sweeper) { leased in
                        try leased()
                        return index
                    }
                }
            }
            var seen: Set<Int> = []
            for try await value in group { seen.insert(value) }
            #expect(seen == Set(0..<200))
        }
        #expect(sweeper.armedCount == 0)
    }
}
