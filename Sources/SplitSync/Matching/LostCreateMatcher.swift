/// The one answer to "did my create already reach the server?", when its answer was lost (a
/// dropped connection, a killed process): a server item not yet claimed by a local one, with
/// the same ``ItemFingerprint``.
///
/// Both places that ask use it: an upload reconciling with a group it may have written to
/// before (members, expenses and payments not in the id map), and Node snapshot sync claiming
/// an unknown item that a waiting create would make. Each server item is handed out at most
/// once, earlier ones first, so two identical local expenses match two identical server
/// expenses, never the same one twice; a third identical local expense finds none and is
/// created.
///
/// It is not ``SyncPlanner/sameContent(_:_:)``: that asks whether a pulled version is the one
/// the trip holds already, down to notes and paid states, so that an echo is not written again.
struct LostCreateMatcher<ID> {
    private var free: [ItemFingerprint: [ID]] = [:]

    /// The server's unclaimed items, in the server's order.
    init(_ items: [(ItemFingerprint, ID)]) {
        for (fingerprint, id) in items.reversed() { free[fingerprint, default: []].append(id) }
    }

    /// Claims a free server item with this fingerprint.
    mutating func claim(_ fingerprint: ItemFingerprint) -> ID? {
        free[fingerprint]?.popLast()
    }

    /// Claims for a whole list of local items at once, in order (nil: an item with nothing to
    /// match, such as one whose members are not on the server yet).
    ///
    /// When the server replays a create's first answer for its `Idempotency-Key`
    /// (`keysReplay`), a fingerprint with fewer free server items than local items asking for
    /// it claims nothing. Two identical local expenses and one server copy do not say which of
    /// the two made it: claiming it for the other one sends the maker's create again, its key
    /// replays the same server item, and two local items end up on one server item while the
    /// other is never stored. Sent again with their keys, each gets its own item back (or a
    /// new one). Only after the server forgot the keys (split-server keeps them 24 hours) can
    /// that store a copy twice, which verification then reports as an extra item.
    mutating func claim(_ fingerprints: [ItemFingerprint?], keysReplay: Bool) -> [ID?] {
        var asked: [ItemFingerprint: Int] = [:]
        for case let fingerprint? in fingerprints { asked[fingerprint, default: 0] += 1 }
        let unsure = keysReplay ? Set(asked.filter { (free[$0.key]?.count ?? 0) < $0.value }.keys) : []
        return fingerprints.map { fingerprint in
            guard let fingerprint, !unsure.contains(fingerprint) else { return nil }
            return claim(fingerprint)
        }
    }
}
