import Foundation
import SplitCore

/// The trip links one ``LocalBackend`` has read or written, so that a command reads each
/// trip's `trip_link` row at most once: the scope, the writer's outbox, the sync and the
/// claims all ask here first.
///
/// What is remembered is what the trip was when the command read it. Another process may
/// unlink the trip meanwhile: an outbox row then cannot be written (schema v9's trigger), and
/// a sync's answer cannot be applied (``LocalBackend/apply(trip:pushed:outcomes:changes:rekeys:server:at:)``
/// advances the link's revision and finds no row), so a stale entry is refused in the
/// transaction that would act on it, never acted on.
///
/// Only a backend made for one command remembers (`enabled`); any other one's cache is empty.
final class LinkCache: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    /// nil value: read, and not linked.
    private var known: [TripID: TripLink?] = [:]

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// `.some(link)` when `trip` was read (a nil link: not linked); nil when never read.
    func lookup(_ trip: TripID) -> TripLink?? {
        lock.withLock { known[trip] }
    }

    func remember(_ trip: TripID, _ link: TripLink?) {
        guard enabled else { return }
        lock.withLock { known[trip] = .some(link) }
    }

    /// After a sync that left `trip` at `revision`, at `at`: the remembered link follows, so
    /// the command does not read it again. Nothing when the link was never read.
    func advance(_ trip: TripID, to revision: Int64?, at: Timestamp) {
        lock.withLock {
            guard case .some(.some(let link)) = known[trip] else { return }
            known[trip] = .some(link.advanced(to: revision ?? link.revision, at: at))
        }
    }

    /// Forgets what was read of `trip`: the next ask reads the row.
    func forget(_ trip: TripID) {
        lock.withLock { _ = known.removeValue(forKey: trip) }
    }
}
