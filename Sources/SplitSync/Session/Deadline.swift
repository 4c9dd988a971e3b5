import Foundation

/// Runs work with a time limit without waiting for the work to notice it was cancelled:
/// the caller goes on at the deadline, and the process may end under the abandoned task.
public enum Deadline {
    public enum Outcome<Value: Sendable>: Sendable {
        case finished(Result<Value, any Error>)
        case timedOut
    }

    public static func run<Value: Sendable>(seconds: Double, _ work: @escaping @Sendable () async throws -> Value) async
        -> Outcome<Value> {
        let gate = Gate<Value>()
        return await withCheckedContinuation { continuation in
            gate.set(continuation)
            let task = Task {
                let result: Result<Value, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                gate.resume(.finished(result))
            }
            // Cancelled once the work ends, so a finished run leaves no timer behind (commands
            // run in-process in the tests, many to one process).
            let timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                if !Task.isCancelled, gate.resume(.timedOut) { task.cancel() }
            }
            Task {
                _ = await task.result
                timer.cancel()
            }
        }
    }

    /// Resumes the continuation once, whichever side comes first.
    private final class Gate<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Outcome<Value>, Never>?

        func set(_ continuation: CheckedContinuation<Outcome<Value>, Never>) {
            lock.lock()
            self.continuation = continuation
            lock.unlock()
        }

        @discardableResult
        func resume(_ outcome: Outcome<Value>) -> Bool {
            lock.lock()
            let waiting = continuation
            continuation = nil
            lock.unlock()
            waiting?.resume(returning: outcome)
            return waiting != nil
        }
    }
}
