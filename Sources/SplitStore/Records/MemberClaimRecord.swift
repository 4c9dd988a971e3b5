import GRDB
import SplitCore

/// A row of `member_claim` (``SchemaV7``): which account claims a member, as split-server's
/// change feed says. It is server state, like a revision, so no client edits it through the
/// outbox; it goes with the link (``LocalBackend/unlink(_:)``) and with its member.
struct MemberClaimRecord: TableRecord {
    static let databaseTableName = "member_claim"

    enum Columns {
        static let memberID = Column("member_id")
        static let tripID = Column("trip_id")
        static let account = Column("account")
    }

    /// Makes the member the link's account claims in trip `:trip` this device's own choice
    /// (`trip_me`), unless it has one: whoever you were stays you once the trip is unlinked.
    static let keepAsMeSQL = """
        INSERT OR IGNORE INTO trip_me (trip_id, member_id)
        SELECT c.trip_id, c.member_id FROM member_claim c JOIN trip_link l ON l.trip_id = c.trip_id AND l.account = c.account
        WHERE c.trip_id = :trip LIMIT 1
        """

    /// Every claim in trip `:trip` (an unlink).
    static let deleteTripSQL = "DELETE FROM member_claim WHERE trip_id = :trip"
}
