import GRDB
import SplitCore

/// "You" in a trip (schema v7): this device's choice in `trip_me`, and the account claims
/// split-server reported in `member_claim`.
///
/// The rule (``Me/resolve(choice:claimed:link:named:members:)``): a `trip_me` row wins (on a
/// trip linked to split-server it is a change not yet sent, and the newest thing this device
/// knows); otherwise, on a linked trip, the live member the link's account claims; otherwise
/// the member named as this device's `me.name`. A removed member is nobody.
extension LocalBackend {
    /// You in `trip`; `named` is this device's `me.name` setting, if any.
    public func me(trip: TripID, named: String?) async throws -> Me? {
        try database.read { db in try me(db, trip: trip, link: try run.link(db, trip), named: named, members: nil) }
    }

    /// ``me(trip:named:)`` with the trip's link (and maybe its live members) already read
    /// (``scope(reference:meName:)``).
    func me(_ db: Database, trip: TripID, link: TripLink?, named: String?, members: [Member]?) throws -> Me? {
        var choice = Me.DeviceChoice.unsaid
        if let row = try Row.fetchOne(db, sql: """
            SELECT m.id, m.name FROM trip_me t LEFT JOIN member m ON m.id = t.member_id AND m.removed_at IS NULL
            WHERE t.trip_id = ?
            """, arguments: [trip.rawValue]) {
            choice = Self.deviceChoice(id: row["id"], name: row["name"])
        }
        var claimed: Member?
        if case .unsaid = choice, let account = link?.account, let row = try Row.fetchOne(db, sql: """
            SELECT m.id, m.name FROM member_claim c JOIN member m ON m.id = c.member_id AND m.removed_at IS NULL
            WHERE c.trip_id = ? AND c.account = ? ORDER BY m.name_key, m.id LIMIT 1
            """, arguments: [trip.rawValue, account]) {
            claimed = Member(id: MemberID(row["id"] as String), name: row["name"])
        }
        return try Me.resolve(choice: choice, claimed: claimed, link: link, named: named,
                              members: try members ?? MemberRecord.members(db, trip: trip))
    }

    /// A `trip_me` row's member, read through a LEFT JOIN with the live members.
    static func deviceChoice(id: String?, name: String?) -> Me.DeviceChoice {
        guard let id, let name else { return .nobody }
        return .member(Member(id: MemberID(id), name: name))
    }

    /// This device's choice: `member`, or nobody (``SplitCore/TripChange/setMe(_:)``). On a
    /// trip linked to split-server it waits in `trip_me` until ``confirmClaim(_:trip:account:)``;
    /// elsewhere it stays, and nobody is kept as a row too, so `me.name` does not apply there.
    public func setMe(_ member: MemberID?, trip: TripID, at: Timestamp) async throws {
        try write(trip, at: at) { writer in try writer.apply(.setMe(member)) }
    }

    /// The server took the claim (or the release): the account claims `member` (or nobody)
    /// in this trip, and nothing waits any more.
    public func confirmClaim(_ member: MemberID?, trip: TripID, account: String) async throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM trip_me WHERE trip_id = ?", arguments: [trip.rawValue])
            try db.execute(sql: "DELETE FROM member_claim WHERE trip_id = ? AND account = ?",
                           arguments: [trip.rawValue, account])
            if let member { try MemberClaimRecord.store(db, trip: trip, member: member, account: account) }
        }
    }

    /// The server refused the claim: forget this device's choice, so the trip shows what the
    /// account really is.
    public func dropPendingClaim(trip: TripID) async throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM trip_me WHERE trip_id = ?", arguments: [trip.rawValue])
        }
    }

    /// Claims and releases waiting for split-server, on every trip linked to it.
    public func pendingClaims() async throws -> [PendingClaim] {
        try database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT t.trip_id, l.group_id, t.member_id FROM trip_me t
                JOIN trip_link l ON l.trip_id = t.trip_id AND l.protocol = 'feed' ORDER BY t.trip_id
                """).map {
                    PendingClaim(trip: TripID($0["trip_id"] as String), group: $0["group_id"],
                                 member: ($0["member_id"] as String?).map(MemberID.init))
                }
        }
    }

    /// The claims and releases waiting on `links` (those to split-server), with no read of
    /// the links themselves: the sync that calls this already holds them.
    public func pendingClaims(of links: [TripLink]) async throws -> [PendingClaim] {
        let feeds = links.filter { $0.syncProtocol == .feed }.sorted { $0.trip < $1.trip }
        guard !feeds.isEmpty else { return [] }
        return try database.read { db in
            try feeds.compactMap { link in
                guard let row = try Row.fetchOne(db, sql: "SELECT member_id FROM trip_me WHERE trip_id = ?",
                                                 arguments: [link.trip.rawValue]) else { return nil }
                return PendingClaim(trip: link.trip, group: link.group, member: (row["member_id"] as String?).map(MemberID.init))
            }
        }
    }
}

extension LocalBackend {
    /// The member `account` claims in the trip, as the server last said.
    public func claimed(trip: TripID, account: String) async throws -> MemberID? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT member_id FROM member_claim WHERE trip_id = ? AND account = ? LIMIT 1",
                                arguments: [trip.rawValue, account]).map(MemberID.init)
        }
    }
}
