import NIOConcurrencyHelpers
import NIOCore

/// Counts the server's open connections against ``ConnectionLimits/maxConnections``, and
/// says when a refusal is due to be logged: once a minute while the cap applies, with how many
/// were refused, so a flood shows in the log without one line per connection.
///
/// Shared by every event loop's connections, hence the lock; the time is passed in.
final class ConnectionCap: Sendable {
    /// The answer for one new connection.
    enum Admission: Equatable {
        case admitted
        /// Close it at once; `report` is the number refused since the last report, when one
        /// is due now.
        case refused(report: Int?)
    }

    private struct State {
        var open = 0
        var refusedSinceReport = 0
        var lastReport: NIODeadline?
    }

    static let reportInterval = TimeAmount.minutes(1)

    let limit: Int
    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection in, or refuses it when `limit` are open.
    func admit(at now: NIODeadline) -> Admission {
        state.withLockedValue { state in
            guard state.open >= limit else {
                state.open += 1
                return .admitted
            }
            state.refusedSinceReport += 1
            if let last = state.lastReport, now - last < Self.reportInterval { return .refused(report: nil) }
            let refused = state.refusedSinceReport
            state.refusedSinceReport = 0
            state.lastReport = now
            return .refused(report: refused)
        }
    }

    /// An admitted connection has closed.
    func release() {
        state.withLockedValue { $0.open -= 1 }
    }

    /// Connections open now.
    var open: Int { state.withLockedValue { $0.open } }
}
