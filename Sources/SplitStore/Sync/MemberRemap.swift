import Foundation
import GRDB
import SplitCore

/// Makes a member added on this device the same person as one the server already has under
/// the same name (two devices each added "Dana" while offline): every expense, share,
/// payment and waiting operation moves to the server's member, and the local one goes.
struct MemberRemap {
    let db: Database
    let trip: TripID
    let at: Timestamp

    func merge(_ local: MemberID, into server: Member) throws {
        let old = local.rawValue, new = server.id.rawValue
        // The server's member takes the name; the local one holds an aside name until it goes.
        try db.execute(sql: "UPDATE member SET name_key = ? WHERE id = ? AND trip_id = ?",
                       arguments: ["\u{1}" + old, old, trip.rawValue])
        let exists = try Bool.fetchOne(db, sql: "SELECT 1 FROM member WHERE id = ?", arguments: [new]) == true
        if exists {
            try db.execute(sql: "UPDATE member SET name = ?, name_key = ?, removed_at = NULL WHERE id = ?",
                           arguments: [server.name, server.nameKey, new])
        } else {
            try db.execute(sql: "INSERT INTO member (id, trip_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [new, trip.rawValue, server.name, server.nameKey, at.iso8601])
        }
        try db.execute(sql: "UPDATE expense SET paid_by = ? WHERE paid_by = ? AND trip_id = ?", arguments: [new, old, trip.rawValue])
        try db.execute(sql: "UPDATE expense_split SET member_id = ? WHERE member_id = ?", arguments: [new, old])
        try db.execute(sql: "UPDATE payment SET from_member = ? WHERE from_member = ? AND trip_id = ?",
                       arguments: [new, old, trip.rawValue])
        try db.execute(sql: "UPDATE payment SET to_member = ? WHERE to_member = ? AND trip_id = ?",
                       arguments: [new, old, trip.rawValue])
        try db.execute(sql: "DELETE FROM balance_total WHERE member_id = ?", arguments: [old])
        try db.execute(sql: "DELETE FROM member WHERE id = ?", arguments: [old])
        try db.execute(sql: """
            UPDATE outbox SET operation = replace(operation, ?1, ?2), base = replace(base, ?1, ?2), item = replace(item, ?1, ?2)
            WHERE trip_id = ?3
            """, arguments: [old, new, trip.rawValue])
    }

    /// `operation` with every replaced member id swapped, or nil when it names none.
    static func rewrite(_ operation: SyncOperation, _ remaps: [String: String]) throws -> SyncOperation? {
        var text = SyncJSON.encode(operation)
        var changed = false
        for (old, new) in remaps where text.contains(old) {
            text = text.replacingOccurrences(of: old, with: new)
            changed = true
        }
        return changed ? try SyncJSON.operation(text) : nil
    }
}
