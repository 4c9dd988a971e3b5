import Synchronization

/// One clock for every bounded wait on PostgreSQL (``LeaseDeadline``): a wait is armed with
/// its deadline and what to do when it passes, and a single task looks every ``tick`` for
/// waits past their deadline.
///
/// A sleeping task per wait (a timer, a task group around it, the wake-up that cancelling it
/// costs) took about 9 µs a call and cost POST /api/expenses 7 to 9% of its throughput; arming
/// here is an insert under a lock. A deadline fires up to one tick late, which no caller
/// minds: the limits are a second and more.
///
/// The sweeping task runs only while something is armed: the first arm starts it, and it ends
/// once nothing is left, so an idle server (or a test process) keeps no task alive for it.
final class DeadlineSweeper: Sendable {
    static let shared = DeadlineSweeper(tick: .milliseconds(50))

    /// Names one armed wait, to disarm it.
    struct Token: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct Armed {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private struct State {
        var armed: [UInt64: Armed] = [:]
        var next: UInt64 = 0
        var sweeping = false
    }

    let tick: Duration
    private let state = Mutex(State())

    init(tick: Duration) {
        self.tick = tick
    }

    /// Calls `expire` once `limit` has passed, unless ``disarm(_:)`` comes first. `expire` runs
    /// on the sweeping task, never under this type's lock; it must be quick.
    func arm(_ limit: Duration, expire: @escaping @Sendable () -> Void) -> Token {
        let deadline = ContinuousClock.now + limit
        let (token, start) = state.withLock { state -> (UInt64, Bool) in
            state.next &+= 1
            state.armed[state.next] = Armed(deadline: deadline, expire: expire)
            defer { state.sweeping = true }
            return (state.next, !state.sweeping)
        }
        if start { Task.detached { await self.sweep() } }
        return Token(value: token)
    }

    /// Forgets an armed wait; its `expire` will not be called (unless it already was).
    func disarm(_ token: Token) {
        _ = state.withLock { $0.armed.removeValue(forKey: token.value) }
    }

    /// How many waits are armed now.
    var armedCount: Int { state.withLock { $0.armed.count } }

    /// Every tick, expires the waits past their deadline; ends once nothing is armed (a later
    /// arm starts it again).
    private func sweep() async {
        while true {
            try? await Task.sleep(for: tick)
            guard expireDue(at: .now) else { return }
        }
    }

    /// Takes out the waits whose deadline is `now` or earlier and expires them; false (and the
    /// sweeping over) when nothing is armed. The sweeping task's one step, and a test's way to
    /// make deadlines pass at an instant of its choosing.
    @discardableResult
    func expireDue(at now: ContinuousClock.Instant) -> Bool {
        let due = state.withLock { state -> [Armed]? in
            if state.armed.isEmpty {
                state.sweeping = false
                return nil
            }
            let due = state.armed.filter { $0.value.deadline <= now }
            for key in due.keys { state.armed.removeValue(forKey: key) }
            return Array(due.values)
        }
        guard let due else { return false }
        for wait in due { wait.expire() }
        return true
    }
}
