/// What a pull brings: every item changed after the revision the device held, in the order
/// they must be applied (the group, members, expenses, payments, rates), and the revision
/// the device then holds.
public struct RemoteChanges: Sendable {
    public var revision: Int64
    public var items: [RemoteItem]
    /// Which account claims each member these changes carry (nil: nobody), as split-server's
    /// `userId` says. It is server state, not a field any client edits through the outbox,
    /// so it stays beside the items rather than in the member's value and its merge.
    public var claims: [MemberID: String?]
    /// The day each member these changes carry moved out (nil: they live here), from a server
    /// with `departures`; empty from one without, which leaves the device's own in place.
    /// Beside the items like ``claims``: a departure is set whole, never merged.
    public var departures: [MemberID: CivilDate?]

    public init(revision: Int64, items: [RemoteItem], claims: [MemberID: String?] = [:],
                departures: [MemberID: CivilDate?] = [:]) {
        self.revision = revision
        self.items = items
        self.claims = claims
        self.departures = departures
    }

    /// These changes followed by a later page of the same catch-up: its items after these,
    /// its claims over these, its revision.
    public mutating func append(_ page: RemoteChanges) {
        items += page.items
        claims.merge(page.claims) { _, later in later }
        departures.merge(page.departures) { _, later in later }
        revision = page.revision
    }

    /// The pages of one catch-up as one change: each item once, at its newest revision (an
    /// item renamed while the device paged comes twice; on a tie the later copy wins), in
    /// the order of kinds, so that an expense on page 1 finds its payer added on page 2.
    public func collapsed() -> RemoteChanges {
        var newest: [SyncItemKey: (index: Int, item: RemoteItem)] = [:]
        for (index, item) in items.enumerated() {
            if let held = newest[item.key], held.item.revision > item.revision { continue }
            newest[item.key] = (index, item)
        }
        let ordered = newest.values.sorted { lhs, rhs in
            let (l, r) = (Self.rank(lhs.item.key), Self.rank(rhs.item.key))
            return l != r ? l < r : lhs.index < rhs.index
        }
        return RemoteChanges(revision: revision, items: ordered.map(\.item), claims: claims, departures: departures)
    }

    /// The order kinds are applied in: an item never comes before one it names. The category
    /// list comes last, once the pulled expenses have moved to its names (a rename).
    static func rank(_ key: SyncItemKey) -> Int {
        switch key {
        case .group: return 0
        case .member: return 1
        case .expense: return 2
        case .payment: return 3
        case .rate: return 4
        case .exchanges: return 5
        case .recurring: return 6
        case .categories: return 7
        }
    }
}
