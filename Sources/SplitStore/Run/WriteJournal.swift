import Foundation
import SplitCore

/// The linked trips this process queued changes for, each with how many changes wait in
/// its outbox after the write when the backend counts them (``LocalBackend/countsQueued``):
/// what the automatic sync after a command needs, known without another read. A command
/// whose change is synced at once does not count here: the sync's own apply counts what is
/// left, in its transaction.
///
/// Every write that queues an operation notes its trip here, in the write's transaction
/// (``StoreRun/noteQueued(_:trip:syncProtocol:)``); a write that fails throws, so its command never
/// reaches the automatic sync.
public final class WriteJournal: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [TripID: Int?] = [:]
    private var snapshotTrips = Set<TripID>()

    public init() {}

    /// The trips noted so far, in id order, with their waiting counts (nil: not counted).
    public var queued: [(trip: TripID, waiting: Int?)] {
        lock.withLock { waiting.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    /// Whether `trip` was noted as linked to the Node server (a snapshot link), which keeps
    /// only the shares of an itemized bill.
    public func syncsBySnapshot(_ trip: TripID) -> Bool {
        lock.withLock { snapshotTrips.contains(trip) }
    }

    func note(_ trip: TripID, waiting count: Int?, syncProtocol: TripLink.SyncProtocol? = nil) {
        lock.withLock {
            waiting[trip] = count
            if syncProtocol == .snapshot { snapshotTrips.insert(trip) }
        }
    }
}
