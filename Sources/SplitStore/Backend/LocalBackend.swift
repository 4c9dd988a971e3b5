import GRDB
import SplitCore

/// The trips of this device in one SQLite file, and the one entry to it: every command, the
/// sync, the upload and shell completion read and write through it (GRDB's `AppDatabase`
/// shape). Its methods are grouped in extension files by concern: `+Expenses`, `+Members`,
/// `+Payments`, `+Trips` … for commands; `+Reports`, `+Friends`, `+Snapshot` for reads;
/// `+Sync`, `+Conflicts`, `+Foreign` for the sync's transactions; `+Upload`; `+Completion`.
/// The rows themselves are read through the records' requests (`Records/`), which the writer
/// and the sync machinery use too: they take a ``StoreRun``, never this type.
///
/// Every write method is one immediate transaction that hands a ``SplitCore/TripChange`` to
/// the one writer, ``TripWriter``, which also queues it for a linked trip's server and appends
/// its activity-log entry with the inverse needed by `undo`: a change and its history are
/// never half-written.
public final class LocalBackend: Sendable {
    public let database: SplitDatabase
    /// What the writer and the sync side share for this backend's caller (``StoreRun``).
    let run: StoreRun

    /// The linked trips this backend queued changes for (``WriteJournal``).
    public var journal: WriteJournal { run.journal }

    /// Whether a write that queues counts what now waits, for the ``journal``: only when no
    /// sync follows in the same run (it then counts what is left itself).
    public var countsQueued: Bool { run.countsQueued }

    /// Where the store's own new ids come from (``StoreRun/ids``).
    public var ids: IDGenerator { run.ids }

    /// `oneCommand`: the backend serves one command (as the CLI makes one per run), so a
    /// trip's link is read once and remembered (``LinkCache``): the scope, the writer, the sync
    /// and the claims share that read. A backend that lives longer reads it each time, since
    /// another part of the process may link or unlink meanwhile.
    public init(database: SplitDatabase, countsQueued: Bool = true, oneCommand: Bool = false, ids: IDGenerator = .random) {
        self.database = database
        run = StoreRun(countsQueued: countsQueued, oneCommand: oneCommand, ids: ids)
    }

    /// One write transaction with a ``TripWriter`` for `trip`: every command's change goes
    /// through here. On a linked trip it notes the changes now waiting in the journal.
    func write<T>(_ trip: TripID, at: Timestamp, origin: WriteOrigin = .command,
                  _ body: (TripWriter) throws -> T) throws -> T {
        try database.write { db in
            let writer = try TripWriter(run, db, trip: trip, at: at, origin: origin)
            let result = try body(writer)
            if let recorder = writer.recorder { try run.noteQueued(db, trip: trip, syncProtocol: recorder.syncProtocol) }
            return result
        }
    }
}
