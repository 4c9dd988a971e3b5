import GRDB
import SplitCore

/// A row of `upload_map` (``SchemaV3``): which server id a local row became when `split
/// upload` sent it, per server and account, so a stopped upload resumes and a re-run sends
/// only what is new. Only an upload writes here.
///
/// Its statements are fixed, built once, with bound arguments (``TripLinkRecord`` says why);
/// the writes of entries run once per entry, through ``RowInserter``.
struct UploadMapRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "upload_map"

    enum Columns {
        static let server = Column("server")
        static let account = Column("account")
        static let kind = Column("kind")
        static let localID = Column("local_id")
        static let serverID = Column("server_id")
        static let tripID = Column("trip_id")
        static let uploadedAt = Column("uploaded_at")
    }

    static let selected = [Columns.kind, Columns.localID, Columns.serverID]

    /// The kind as stored: a kind this version does not know is skipped by the reader.
    var kind: String
    var localID: String
    var serverID: String

    /// A row; messages name it by its local id, as the table has no id of its own.
    init(row: Row) throws {
        let stored = StoredRow(row, table: Self.databaseTableName, idColumn: Columns.localID)
        kind = try stored.text(Columns.kind)
        localID = try stored.text(Columns.localID)
        serverID = try stored.text(Columns.serverID)
    }

    /// The entry, or nil for a kind this version does not know.
    var entry: UploadMapEntry? {
        UploadMapKind(rawValue: kind).map { UploadMapEntry($0, localID, serverID) }
    }

    /// The map of trip `:trip` uploaded to `:server` by `:account`.
    static let inScope = """
        SELECT \(columnList(selected)) FROM upload_map WHERE trip_id = :trip AND server = :server AND account = :account
        """

    /// Adds an entry or gives it a new server id; its parameters in the order of the columns listed.
    static let recordSQL = RowInserter.sql(
        into: databaseTableName,
        [Columns.server, Columns.account, Columns.kind, Columns.localID, Columns.serverID, Columns.tripID,
         Columns.uploadedAt],
        then: """
            ON CONFLICT (trip_id, server, account, kind, local_id) DO UPDATE SET
                server_id = excluded.server_id, uploaded_at = excluded.uploaded_at
            """)

    /// Removes one entry: trip, server, account, kind and local id, in this order.
    static let removeSQL = """
        DELETE FROM upload_map WHERE trip_id = ? AND server = ? AND account = ? AND kind = ? AND local_id = ?
        """

    /// Forgets the map of trip `:trip` uploaded to `:server` by `:account`.
    static let forgetSQL = "DELETE FROM upload_map WHERE trip_id = :trip AND server = :server AND account = :account"
}
