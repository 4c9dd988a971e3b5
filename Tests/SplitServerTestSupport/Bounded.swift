import Synchronization

/// A wait with an end, for tests that put a database or a server through faults.
///
/// Swift Testing's `timeLimit` cannot end a test whose task waits on something that ignores
/// cancellation (a PostgreSQL future on a connection a restart broke, a pool that never
/// finishes shutting down), and such a wait holds up the whole `swift test` run for ever.
/// ``within(_:_:_:)`` runs the work in a task of its own and stops waiting for it at the
/// deadline: the test then fails with a message naming what did not finish, and the run goes on.
public enum Bounded {
    /// The value of `work`, or a ``BoundedError`` naming `what` once `limit` has passed; the
    /// work is then cancelled and left to end (or not) on its own.
    public static func within<T: Sendable>(_ limit: Duration, _ what: String,
                                    _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                race.continuation.withLock { $0 = continuation }
                race.tasks.withLock { tasks in
                    tasks.append(Task {
                        guard (try? await Task.sleep(for: limit)) != nil else { return }
                        race.finish(.failure(BoundedError("\(what) did not finish within \(limit)")))
                    })
                    tasks.append(Task {
                        do { race.finish(.success(try await work())) } catch { race.finish(.failure(error)) }
                    })
                }
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// Whichever of work, timer and cancellation ends first resumes the caller and cancels the rest.
    private final class Race<T: Sendable>: Sendable {
        let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)
        let tasks = Mutex<[Task<Void, Never>]>([])

        func finish(_ outcome: Result<T, any Error>) {
            let resumed = continuation.withLock { slot in
                defer { slot = nil }
                guard let waiting = slot else { return false }
                waiting.resume(with: outcome)
                return true
            }
            if resumed { tasks.withLock { $0.forEach { $0.cancel() } } }
        }
    }
}

/// Work under ``Bounded/within(_:_:_:)`` that was still running at its deadline.
public struct BoundedError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
