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
    /// within `limit`: then it fails with ``DatabaseUnavailable`` and `work` is cancelled, and
    /// a lease it gets later throws before running anything. Once leased, `work` runs to its end.
    static func withLease<Result>(
        limit: Duration, _ work: (_ leased: @Sendable () throws -> Void) async throws -> Result
    ) async throws -> Result {
        let state = LeaseState()
        let leased: @Sendable () throws -> Void = {
            let won = state.phase.withLock { phase in
                guard phase == .waiting else { return false }
                phase = .leased
                return true
            }
            if !won { throw DatabaseUnavailable.noConnection(after: limit) }
        }
        return try await withoutActuallyEscaping(work) { work in
            nonisolated(unsafe) let work = work
            let transfer = Unchecked(work)
            let outcome = try await withThrowingTaskGroup(of: Unchecked<Result>?.self) { group in
                group.addTask { Unchecked(try await transfer.value(leased)) }
                group.addTask {
                    try await Task.sleep(for: limit)
                    let expired = state.phase.withLock { phase in
                        guard phase == .waiting else { return false }
                        phase = .expired
                        return true
                    }
                    if expired { throw DatabaseUnavailable.noConnection(after: limit) }
                    return nil
                }
                while let next = try await group.next() {
                    if let done = next {
                        group.cancelAll()
                        return done
                    }
                }
                throw DatabaseUnavailable.noConnection(after: limit)
            }
            return outcome.value
        }
    }

    /// Runs `work` in a task of its own and answers its result, or fails with
    /// ``DatabaseUnavailable`` once `limit` has passed; `work` is then cancelled and left to
    /// finish (or not) on its own. For single pooled statements, which wait on both the pool and
    /// the first answer.
    static func within<Result>(
        limit: Duration, _ work: @escaping @Sendable () async throws -> Unchecked<Result>
    ) async throws -> Result {
        let race = Race<Result>()
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Unchecked<Result>, any Error>) in
            race.continuation.withLock { $0 = continuation }
            // The timer first, so that the worker finds it to cancel however soon it ends.
            race.timer.withLock { $0 = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                race.finish(.failure(DatabaseUnavailable.noConnection(after: limit)))
                race.worker.withLock { $0?.cancel() }
            } }
            race.worker.withLock { $0 = Task {
                do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
                race.timer.withLock { $0?.cancel() }
            } }
        }
        return result.value
    }

    private enum Phase { case waiting, leased, expired }

    /// Where a lease stands: the lease and the timer race to move it from waiting.
    private final class LeaseState: Sendable {
        let phase = Mutex(Phase.waiting)
    }

    /// The continuation that whichever of work and timer ends first resumes, and both tasks.
    private final class Race<Result>: Sendable {
        let continuation = Mutex<CheckedContinuation<Unchecked<Result>, any Error>?>(nil)
        let worker = Mutex<Task<Void, Never>?>(nil)
        let timer = Mutex<Task<Void, Never>?>(nil)

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
