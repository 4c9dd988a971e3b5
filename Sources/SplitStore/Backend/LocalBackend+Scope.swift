import GRDB
import SplitCore

extension LocalBackend {
    /// The scope of the trip `reference` names (by name, id or prefix, as ``trip(matching:)``),
    /// else of the current trip, in one read. Nil when no reference is given and no trip is
    /// current. `meName` is this device's `me.name` setting (``Me/Source/name``).
    /// `today`, when given, also probes for recurring instances due by then (``TripScope/recurringDue``).
    public func scope(reference: String?, meName: String?, today: CivilDate? = nil) async throws -> TripScope? {
        try database.read { db in
            let found: Trip
            if let reference {
                found = try Self.findTrip(db, reference)
            } else if let current = try Self.currentTrip(db) {
                found = current
            } else {
                return nil
            }
            let link = try run.link(db, found.id)
            let members = try MemberRecord.members(db, trip: found.id)
            var scope = TripScope(trip: found, members: members,
                                  me: try me(db, trip: found.id, link: link, named: meName, members: members), link: link,
                                  departures: try MemberRecord.departures(db, trip: found.id))
            if let today { scope.recurringDue = try RecurringRuleRecord.due(found.id, today: today).fetchCount(db) > 0 }
            if link != nil {
                scope.held = try Int.fetchOne(db, sql: ForeignItemRecord.heldCount, arguments: ["trip": found.id.rawValue]) ?? 0
            }
            return scope
        }
    }
}
