/// One spelling for every JSON document that means the same thing.
extension JSONValue {
    /// This value with every object's members sorted by key (by their UTF-8 bytes), at every
    /// depth. Written compact, two documents that differ only in key order or whitespace give
    /// the same bytes.
    ///
    /// Why: a client's JSON encoder may order keys differently in each process (Foundation's
    /// `JSONEncoder` on Linux follows a per-process hash seed), so a request repeated by a later
    /// run is the same request in other bytes. split-server's `Idempotency-Key` check compares
    /// this form, not the bytes received. Numbers and strings stay as they are: `1.50` and
    /// `1.5` are two requests, as the handler may read them apart.
    public var canonical: JSONValue {
        switch self {
        case .array(let elements):
            return .array(elements.map(\.canonical))
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .object(sorted.map { JSONMember($0.key, $0.value.canonical) })
        default:
            return self
        }
    }

    /// ``canonical`` written compact, as UTF-8.
    public var canonicalBytes: [UInt8] {
        var buffer: [UInt8] = []
        JSONWriter.write(canonical, to: &buffer)
        return buffer
    }
}
