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
}
