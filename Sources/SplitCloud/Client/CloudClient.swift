import Foundation
import OpenAPIRuntime
import SplitAPI
import SplitCore

/// The cloud API as typed calls returning domain values: a wrapper of the generated client
/// (any `APIProtocol`) that never hands generated types to its callers.
///
/// Works with both servers: the contract and ``NodeForms`` read `expenseDate` in every form,
/// amounts exactly (``WireAmount``), and snake_case group keys; it asks `/health` once which
/// split-server extensions exist (``capabilities()``) and uses them only then. Every POST and
/// PATCH carries an `Idempotency-Key` (callers such as an upload may choose the key, so a
/// resumed run replays instead of duplicating); it is only retried after a failure when the
/// server honours keys.
///
/// Status handling, the same for every call: 401, and 403 about the token, are
/// ``CloudError/tokenRefused(server:)``; 404 is ``CloudError/notFound(_:)`` with the caller's
/// message; other 4xx are ``CloudError/refused(status:detail:)`` with the server's text.
public actor CloudClient {
    public nonisolated let transport: CloudTransport
    public nonisolated let token: String?
    /// Where fresh idempotency keys come from.
    nonisolated let ids: IDGenerator
    nonisolated let api: any APIProtocol
    private var knownCapabilities: ServerCapabilities?
    /// Capabilities kept between processes, when the caller gave a place for them.
    nonisolated let capabilityCache: CapabilityCache?

    /// A client of `transport`'s server over HTTP, sending `token`.
    /// `capabilities` keeps the server's `/health` answer between processes.
    public init(transport: CloudTransport, token: String?, ids: IDGenerator = .random,
                capabilities: CapabilityCache? = nil) {
        self.init(api: transport.client(token: token, ids: ids), transport: transport, token: token, ids: ids,
                  capabilities: capabilities)
    }

    /// A client over any implementation of the contract, such as a test's stand-in server.
    init(api: any APIProtocol, transport: CloudTransport, token: String?, ids: IDGenerator,
         capabilities: CapabilityCache? = nil) {
        self.api = api
        self.transport = transport
        self.token = token
        self.ids = ids
        capabilityCache = capabilities
    }

    public nonisolated var server: ServerAddress { transport.server }

    /// A fresh idempotency key.
    public nonisolated func newKey() -> String { IdempotencyKeyMiddleware.key(from: ids) }

    // MARK: Status

    /// The server's extensions, asked once per client from `/health`, or from the cache the
    /// caller gave (``CapabilityCache``) while its answer is a day old at most.
    public func capabilities() async throws(CloudError) -> ServerCapabilities {
        if let known = knownCapabilities { return known }
        if let cached = capabilityCache?.load() {
            knownCapabilities = cached
            return cached
        }
        let output = try await call("GET /health", authenticated: false, notFound: "no /health") { try await $0.getHealth() }
        guard case .ok(let ok) = output else { throw unexpected(output, "GET /health") }
        let found = ServerCapabilities(health: try answer { try ok.body.json })
        knownCapabilities = found
        capabilityCache?.save(found)
        return found
    }

    /// Fails with a message naming what the server lacks unless it offers `feature`.
    public func require(_ feature: ServerCapabilities.Feature, for purpose: String) async throws(CloudError) {
        guard try await capabilities().has(feature) else {
            throw .unsupported("this server cannot \(purpose): \(server.url) lacks split-server's \(feature.rawValue) "
                               + "extension (the Node server has none)")
        }
    }

    // MARK: Calling

    /// Whether a POST or PATCH with a key may be repeated: when the server honours keys.
    func keysHonoured() async throws(CloudError) -> Bool {
        try await capabilities().has(.idempotency)
    }

    /// Runs one operation of the generated client and turns whatever it throws into a
    /// ``CloudError``: a middleware's own error as it is, a refusal by its status
    /// (``NodeForms/error(status:text:authenticated:server:notFound:)``), anything else as an
    /// answer split cannot read.
    ///
    /// `repeatable` overrides the method's rule for retries (``CloudCall/repeatable``).
    func call<Output: Sendable>(_ operation: String, authenticated: Bool = true, repeatable: Bool? = nil,
                                notFound: @autoclosure () -> String,
                                _ send: @Sendable (any APIProtocol) async throws -> Output)
        async throws(CloudError) -> Output {
        do {
            let api = self.api
            return try await CloudCall.$repeatable.withValue(repeatable) { try await send(api) }
        } catch {
            var cause: any Error = error
            if let client = error as? ClientError { cause = client.underlyingError }
            if let cloud = cause as? CloudError { throw cloud }
            if let refusal = cause as? ServerRefusal {
                throw NodeForms.error(status: refusal.status, text: refusal.text, authenticated: authenticated,
                                      server: server.url, notFound: notFound)
            }
            throw .badResponse(server: server.url, detail: "\(operation) answered in a form split cannot read: "
                               + AnswerProblem.describe(cause))
        }
    }

    /// Reads a decoded answer's body, and maps it, reporting a wrong shape or an unmappable
    /// value as ``CloudError/badResponse(server:detail:)``.
    nonisolated func answer<Value>(_ read: () throws -> Value) throws(CloudError) -> Value {
        do {
            return try read()
        } catch let error as MappingError {
            throw .badResponse(server: server.url, detail: error.detail)
        } catch {
            throw .badResponse(server: server.url, detail: AnswerProblem.describe(error))
        }
    }

    /// An output other than the operation's success: a status the contract does not list for
    /// it (``NodeForms/undocumented(_:operation:server:)``), or, from a stand-in `APIProtocol`,
    /// a documented refusal.
    nonisolated func unexpected(_ output: some Sendable, _ operation: String) -> CloudError {
        .badResponse(server: server.url, detail: "\(operation) answered \(output), which split does not expect")
    }

    static func missingGroup(_ group: TripID) -> String {
        "trip \(group.short) does not exist on the server (or you may not use it); list trips with: split trip list"
    }
}
