import GRDB
import SplitCore
import SplitJSON

/// A row of `activity`: one entry of a trip's log, with the inverse `undo` applies (JSON,
/// ``UndoAction``). `seq` orders the entries and names the row in messages.
struct ActivityRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "activity"

    enum Columns {
        static let seq = Column("seq")
        static let tripID = Column("trip_id")
        static let at = Column("at")
        static let action = Column("action")
        static let summary = Column("summary")
        static let undo = Column("undo")
        static let undoneAt = Column("undone_at")
    }

    static var databaseSelection: [any SQLSelectable] {
        [Columns.seq, Columns.at, Columns.action, Columns.summary, Columns.undoneAt, Columns.undo]
    }

    /// The INSERT ``ActivityLog`` runs, its parameters in the order of the columns listed.
    static let insertSQL = RowInserter.sql(
        into: databaseTableName, [Columns.tripID, Columns.at, Columns.action, Columns.summary, Columns.undo])

    var entry: ActivityEntry
    /// The inverse as stored, or nil when it is not text.
    var undo: String?

    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName, idColumn: Columns.seq)
        let undo = try? stored.text(Columns.undo)
        self.undo = undo
        entry = ActivityEntry(
            sequence: try stored.integer(Columns.seq), at: try stored.timestamp(Columns.at),
            action: try stored.text(Columns.action), summary: try stored.text(Columns.summary),
            undoneAt: try stored.optionalTimestamp(Columns.undoneAt), items: Self.action(undo)?.itemIDs ?? [])
    }

    /// The inverse read back, or nil when it is not one this version wrote.
    var action: UndoAction? { Self.action(undo) }

    private static func action(_ undo: String?) -> UndoAction? {
        undo.flatMap { try? JSONParser.parse($0) }.flatMap(UndoAction.init(json:))
    }

    /// Id `:old` becomes `:new` in the inverses of trip `:trip`'s entries (``LocalRekey``), so
    /// undo still finds the row.
    static let rekeySQL = """
        UPDATE activity SET undo = replace(undo, :old, :new) WHERE trip_id = :trip AND instr(undo, :old) > 0
        """

    /// The trip's entries, newest first.
    static func newestFirst(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        filter(Columns.tripID == trip.rawValue).order(Columns.seq.desc)
    }

    /// The newest entry of the trip not yet undone.
    static func nextToUndo(_ trip: TripID) -> QueryInterfaceRequest<Self> {
        newestFirst(trip).filter(Columns.undoneAt == nil).limit(1)
    }
}
