import NIOConcurrencyHelpers

/// A clock whose sleeps return at once and move its time forward, recording each one.
///
/// Shared by a client's transport (which sleeps on it) and a quirks-mode server's rate limiter
/// (which reads ``seconds``), so "waiting" for a `Retry-After` really lets the window pass
/// without a test waiting for real.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let state = NIOLockedValueBox((now: Instant(offset: .seconds(1_000_000)), sleeps: [Duration]()))

    var now: Instant { state.withLockedValue { $0.now } }
    var minimumResolution: Duration { .zero }

    /// Every sleep asked for, in order.
    var sleeps: [Duration] { state.withLockedValue { $0.sleeps } }

    /// The time as seconds, for ``LegacyQuirks/now``.
    var seconds: Double {
        let (whole, fraction) = now.offset.components
        return Double(whole) + Double(fraction) / 1e18
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        state.withLockedValue { state in
            state.sleeps.append(state.now.duration(to: deadline))
            if deadline > state.now { state.now = deadline }
        }
    }
}
