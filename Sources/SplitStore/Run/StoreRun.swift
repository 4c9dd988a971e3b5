import GRDB
import SplitCore

/// What the parts of the store share while they serve one caller (a CLI command, a test, a
/// server-less sync): the links read so far, the journal of queued changes, and where new ids
/// come from.
///
/// It is the only thing the writer (``TripWriter``, ``OutboxRecorder``) and the sync side
/// (``SyncApplier``, ``LocalRekey``, ``ConflictResolution``) take besides the database: they
/// read rows through the records' own requests, never through ``LocalBackend``, so the entry
/// calls the writer and the sync code and nothing calls back.
final class StoreRun: Sendable {
    /// The linked trips this run queued changes for (``WriteJournal``).
    let journal = WriteJournal()
    /// The links this run read (``LinkCache``), remembered only when the run serves one command.
    let links: LinkCache
    /// Whether a write that queues counts what now waits, for the ``journal``: only when no
    /// sync follows in the same run (it then counts what is left itself).
    let countsQueued: Bool
    /// Where the store's own new ids come from: outbox operation ids, and the new ids of items
    /// brought back or split per payer. The run's generator, so tests can fix them.
    let ids: IDGenerator

    init(countsQueued: Bool, oneCommand: Bool, ids: IDGenerator) {
        self.countsQueued = countsQueued
        self.ids = ids
        links = LinkCache(enabled: oneCommand)
    }

    /// `trip`'s link as this run first read it (nil: not linked), reading it only the first time.
    func link(_ db: Database, _ trip: TripID) throws -> TripLink? {
        if let known = links.lookup(trip) { return known }
        let link = try TripLinkRecord.link(db, trip)
        links.remember(trip, link)
        return link
    }

    /// Notes in the journal that `trip` has changes for its server and, when this run counts,
    /// how many wait, in the transaction that queued them.
    func noteQueued(_ db: Database, trip: TripID, syncProtocol: TripLink.SyncProtocol? = nil) throws {
        journal.note(trip, waiting: countsQueued ? try OutboxRecord.count(db, trip) : nil, syncProtocol: syncProtocol)
    }
}
