import SplitJSON

/// The request body as ``StrictJSONMiddleware`` parsed it, for the few routes whose handler
/// must see more than the generated types keep: which keys were sent, and which were `null`.
///
/// A generated body reads a key sent as `null` and a key left out alike (both nil), and keeps
/// no key it does not know. `PATCH /api/preferences` needs all three apart: `null` clears a
/// preference, a key left out leaves it alone, and an unknown key is a 400. The body is
/// already parsed once for every request; these routes keep that parse instead of a second.
enum ParsedBody {
    /// The parsed body of the current request, on the routes of ``kept(method:path:)``.
    @TaskLocal static var value: JSONValue?

    /// Whether a request's parsed body is kept for its handler. Only where a handler needs it:
    /// a large batch is not held as a tree for the whole request.
    static func kept(method: String, path: String) -> Bool {
        method == "PATCH" && path == "/api/preferences"
    }

    /// The body's canonical bytes (``JSONValue/canonical``), on requests that carry an
    /// `Idempotency-Key`: ``IdempotencyMiddleware`` compares a repeat by what it means, not by
    /// its bytes, so a client whose encoder orders keys differently in each process can still
    /// repeat a request after a restart. Bytes, not the tree, so a large batch is not held twice.
    @TaskLocal static var canonical: [UInt8]?
}
