import GRDB
import SplitCore

/// Writing the claims a pull reports, and the claim this device makes: the one place
/// `member_claim` rows are written besides an unlink.
extension MemberClaimRecord {
    /// Records which account claims a member (nil: nobody), as a pull reported it. A member
    /// this trip does not hold (held, or merged away) is skipped.
    static func store(_ db: Database, trip: TripID, _ claims: [MemberID: String?]) throws {
        for (member, account) in claims.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let account {
                try store(db, trip: trip, member: member, account: account)
            } else {
                try db.execute(sql: "DELETE FROM member_claim WHERE member_id = ? AND trip_id = ?",
                               arguments: [member.rawValue, trip.rawValue])
            }
        }
    }

    /// Records that `account` claims `member` (a member the trip does not hold is skipped).
    static func store(_ db: Database, trip: TripID, member: MemberID, account: String) throws {
        try db.execute(sql: """
            INSERT INTO member_claim (member_id, trip_id, account)
            SELECT id, trip_id, ? FROM member WHERE id = ? AND trip_id = ?
            ON CONFLICT (member_id) DO UPDATE SET account = excluded.account
            """, arguments: [account, member.rawValue, trip.rawValue])
    }
}
