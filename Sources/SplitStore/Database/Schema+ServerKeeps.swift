import GRDB

/// Migration "server-keeps": `trip_link.server_keeps`, which of a trip's own parts
/// (``TripOwnPart``) its server was last seen to keep, as their names joined by commas.
///
/// A part the server lacks stays on the device: its operations are answered there, never sent.
/// When the server later gains the part (an upgraded split-server), the next sync sends what the
/// device kept, once; without the record nothing would, and the server's members, which carry
/// no departure, would clear the device's own at the next pull. NULL: not seen yet (links made
/// before this migration, and new ones until their first sync), which queues nothing.
enum SchemaServerKeeps {
    static func apply(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE trip_link ADD COLUMN server_keeps TEXT")
    }
}
