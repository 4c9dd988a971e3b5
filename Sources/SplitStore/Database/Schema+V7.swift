import GRDB

/// Version 7: which member "you" are in each trip.
///
/// - `trip_me`: this device's own answer, from `split member me`. On a trip that is local or
///   linked to the Node server it is the whole answer. On a trip linked to split-server, "you"
///   belongs to the account, so a row here is a claim (or, with a null member, a release)
///   still to be sent; it goes once the server has taken it.
/// - `member_claim`: which account claims a member, as split-server's change feed says
///   (`members.user_id`). Kept apart from `member` because no client edits it through the
///   outbox: it is server state, like a revision.
///
/// Both cascade with their member, so a member merged away by a sync takes its claim along.
enum SchemaV7 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE trip_me (
                trip_id TEXT PRIMARY KEY NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                member_id TEXT REFERENCES member(id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE TABLE member_claim (
                member_id TEXT PRIMARY KEY NOT NULL REFERENCES member(id) ON DELETE CASCADE,
                trip_id TEXT NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
                account TEXT NOT NULL CHECK (length(account) > 0)
            ) WITHOUT ROWID;
            CREATE INDEX member_claim_trip ON member_claim(trip_id, account);
            """)
    }
}
