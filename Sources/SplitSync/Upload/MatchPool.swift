/// Server items not yet claimed by a local one, by fingerprint.
///
/// Each server item is handed out at most once, so two identical local expenses match two
/// identical server expenses, never the same one twice; a third identical local expense finds
/// none and is created.
struct MatchPool<Fingerprint: Hashable, ID> {
    private var free: [Fingerprint: [ID]] = [:]

    /// `items` in the server's order; earlier ones are handed out first.
    init(_ items: [(Fingerprint, ID)]) {
        for (fingerprint, id) in items.reversed() { free[fingerprint, default: []].append(id) }
    }

    /// Claims a free server item with this fingerprint.
    mutating func take(_ fingerprint: Fingerprint) -> ID? {
        free[fingerprint]?.popLast()
    }
}
