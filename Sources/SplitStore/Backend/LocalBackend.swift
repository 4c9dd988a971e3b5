import GRDB
import SplitCore

/// The trips of this device in one SQLite file: every command reads and writes through it.
///
/// Every write method is one immediate transaction that hands a ``SplitCore/TripChange`` to
/// the one writer, ``TripWriter``, which also queues it for a linked trip's server and appends
/// its activity-log entry with the inverse needed by `undo`: a change and its history are
/// never half-written.
public final class LocalBackend: Sendable {
    public let database: SplitDatabase
    /// The linked trips this backend queued changes for (``WriteJournal``).
    public let journal = WriteJournal()
    /// The links this backend read, when it lives for one command: each trip's `trip_link`
    /// row is then read once (``LinkCache``).
    let links: LinkCache

    /// Whether a write that queues counts what now waits, for the ``journal``: only when no
    /// sync follows in the same run (it then counts what is left itself).
    public let countsQueued: Bool

    /// Where the store's own new ids come from: outbox operation ids, and the new ids of
    /// items brought back or split per payer. The run's generator, so tests can fix them.
    public let ids: IDGenerator

    /// `oneCommand`: the backend serves one command (as the CLI makes one per run), so a
    /// trip's link is read once and remembered (``LinkCache``): the scope, the writer, the sync
    /// and the claims share that read. A backend that lives longer reads it each time, since
    /// another part of the process may link or unlink meanwhile.
    public init(database: SplitDatabase, countsQueued: Bool = true, oneCommand: Bool = false, ids: IDGenerator = .random) {
        self.database = database
        self.countsQueued = countsQueued
        self.ids = ids
        links = LinkCache(enabled: oneCommand)
    }

    /// One write transaction with a ``TripWriter`` for `trip`: every command's change goes
    /// through here. On a linked trip it notes the changes now waiting in the journal.
    func write<T>(_ trip: TripID, at: Timestamp, origin: WriteOrigin = .command,
                  _ body: (TripWriter) throws -> T) throws -> T {
        try database.write { db in
            let writer = try TripWriter(self, db, trip: trip, at: at, origin: origin)
            let result = try body(writer)
            if let recorder = writer.recorder { try noteQueued(db, trip: trip, syncProtocol: recorder.syncProtocol) }
            return result
        }
    }

    /// Notes in the journal that `trip` has changes for its server and, when this backend
    /// counts, how many wait, in the transaction that queued them.
    func noteQueued(_ db: Database, trip: TripID, syncProtocol: TripLink.SyncProtocol? = nil) throws {
        journal.note(trip, waiting: countsQueued ? try OutboxRecord.count(db, trip) : nil, syncProtocol: syncProtocol)
    }

    /// Member names by id: live members only, or with `includingRemoved` also removed ones
    /// (for log lines about older expenses).
    func memberNames(_ db: Database, trip: TripID, includingRemoved: Bool = false) throws -> [MemberID: String] {
        var names: [MemberID: String] = [:]
        let members = try MemberRecord.fetchCursor(db, sql: includingRemoved ? MemberRecord.everyOfTrip : MemberRecord.liveOfTrip,
                                                   arguments: ["trip": trip.rawValue])
        while let member = try members.next() {
            names[member.id] = member.name
        }
        return names
    }

    /// `trip`'s link as this backend first read it (nil: not linked), reading it only the first time.
    func link(_ db: Database, _ trip: TripID) throws -> TripLink? {
        if let known = links.lookup(trip) { return known }
        let link = try SyncStore.link(db, trip)
        links.remember(trip, link)
        return link
    }

    /// Throws unless the trip exists.
    func requireTrip(_ db: Database, _ trip: TripID) throws {
        guard try TripRecord.exists(db, key: trip.rawValue) else {
            throw StoreError.notFound("trip \(trip.short) no longer exists")
        }
    }
}
