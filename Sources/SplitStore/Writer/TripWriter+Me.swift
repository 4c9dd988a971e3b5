import GRDB
import SplitCore

extension TripWriter {
    /// Who you are in the trip on this device (`trip_me`), or nobody.
    ///
    /// Not logged and not undoable: it is this device's view of the trip, not trip data anyone
    /// else sees. It never goes through the outbox either: on a trip linked to split-server the
    /// row waits as a claim that the claim sync sends, then ``LocalBackend/confirmClaim(_:trip:account:)``
    /// clears it. Elsewhere nobody is kept as a row with no member: the trip's own answer, so
    /// the device's `me.name` does not make you someone there (``Me/resolve(choice:claimed:link:named:members:)``).
    func setMe(_ member: MemberID?) throws {
        try TripRecord.require(db, trip)
        if let member { _ = try MemberRecord.liveName(db, member, trip: trip) }
        try db.execute(sql: """
            INSERT INTO trip_me (trip_id, member_id) VALUES (?, ?)
            ON CONFLICT (trip_id) DO UPDATE SET member_id = excluded.member_id
            """, arguments: [trip.rawValue, member?.rawValue])
    }
}
