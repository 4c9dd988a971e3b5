import Synchronization

/// Bounds how long a request waits for PostgreSQL, so that a database that is away gives a
/// prompt 503 (``DatabaseUnavailable``) instead of a request that waits for a minute.
///
/// PostgresNIO's pool keeps a lease waiting while it retries its connections, for up to a
/// minute, and a statement sent on a connection that a restart closed can wait on a future that
/// is never completed. Work under a deadline therefore runs in a task of its own, and the
/// caller stops waiting for it when the deadline passes.
enum LeaseDeadline {
    /// Runs `work` (lease, then its statements), unless it has not called its `leased` argument
    /// within `limit`: then it fails with ``DatabaseUnavailable`` and `work` is cancelled (the
    /// pool gives up a lease request whose task is cancelled), and a lease it gets later throws
    /// before running anything. Once leased, `work` runs to its end. Returns only once `work`
    /// has ended, so `work` may borrow the caller's state.
    static func withLease<Result>(
        limit: Duration, sweeper: DeadlineSweeper = .shared, _ work: (_ leased: @Sendable () throws -> Void) async throws -> Result
    ) async throws -> Result {
        let lease = LeaseState()
        let leased: @Sendable () throws -> Void = { try lease.take(limit) }
        return try await withoutActuallyEscaping(work) { work in
            nonisolated(unsafe) let work = work
            let transfer = Unchecked(work)
            // The work runs in a task of its own because only a task can be cancelled from
            // outside; the caller waits for it to end whatever happens, as a child's parent would.
            let worker = Task { Unchecked(try await transfer.value(leased)) }
            // Past the lease the deadline no longer counts: its expiry then changes nothing.
            let token = sweeper.arm(limit) {
                if lease.expire() { worker.cancel() }
            }
            let outcome = await withTaskCancellationHandler { await worker.result } onCancel: { worker.cancel() }
            sweeper.disarm(token)
            switch outcome {
            case .success(let value): return value.value
            case .failure(let error):
                if lease.hasExpired { throw DatabaseUnavailable.noConnection(after: limit) }
                throw error
            }
        }
    }

    /// Runs `work` in a task of its own and answers its result, or fails with
    /// ``DatabaseUnavailable`` once `limit` has passed; `work` is then cancelled and left to
    /// finish (or not) on its own. For single pooled statements, which wait on both the pool and
    /// the first answer.
    static func within<Result>(
        limit: Duration, sweeper: DeadlineSweeper = .shared, _ work: @escaping @Sendable () async throws -> Unchecked<Result>
    ) async throws -> Result {
        let race = Race<Result>()
        var token: DeadlineSweeper.Token?
        defer { if let token { sweeper.disarm(token) } }
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Unchecked<Result>, any Error>) in
            race.continuation.withLock { $0 = continuation }
            let worker = Task {
                do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
            }
            token = sweeper.arm(limit) {
                race.finish(.failure(DatabaseUnavailable.noConnection(after: limit)))
                worker.cancel()
            }
        }
        return result.value
    }

    private enum Phase { case waiting, leased, expired }

    /// Where a lease stands: the lease and the deadline race to move it from waiting.
    private final class LeaseState: Sendable {
        private let phase = Mutex(Phase.waiting)

        var hasExpired: Bool { phase.withLock { $0 == .expired } }

        /// The lease arrived: the deadline no longer counts, or it already passed and the
        /// lease must not be used.
        func take(_ limit: Duration) throws {
            let taken = phase.withLock { phase in
                guard phase == .waiting else { return false }
                phase = .leased
                return true
            }
            if !taken { throw DatabaseUnavailable.noConnection(after: limit) }
        }

        /// The deadline passed: true if no lease had come, so the work is to be cancelled.
        func expire() -> Bool {
            phase.withLock { phase in
                guard phase == .waiting else { return false }
                phase = .expired
                return true
            }
        }
    }

    /// The continuation that whichever of work and deadline ends first resumes.
    private final class Race<Result>: Sendable {
        let continuation = Mutex<CheckedContinuation<Unchecked<Result>, any Error>?>(nil)

        func finish(_ outcome: Swift.Result<Unchecked<Result>, any Error>) {
            continuation.withLock { slot in
                slot?.resume(with: outcome)
                slot = nil
            }
        }
    }
}

/// Carries a value the compiler cannot prove safe across tasks, where the code around it
/// guarantees one task uses it at a time (the task that made it waits for the one using it).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
