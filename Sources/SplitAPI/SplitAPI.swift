/// The cloud API contract's shared types.
///
/// The OpenAPI generator plugin turns `openapi.yaml` into this module's public wire types at
/// build time: `Components` (schemas, parameters, responses), `Operations` (each operation's
/// input and output) and `APIProtocol`, the protocol with one method per operation. The
/// generated client (`Client`, module SplitAPIClient) and the server's handler registration
/// (`registerHandlers`, module SplitAPIServer) are generated from the same file in their own
/// targets, so `split` links the types and the client but never the server stubs.
///
/// Hand-written here: ``WireAmount``, the exact conversion between the contract's
/// JSON-number amounts and minor units that client and server share. This file also keeps the
/// target non-empty: SwiftPM drops a target with no Swift source, and the generated files are
/// not sources on disk.
public enum SplitAPIContract {
    /// The contract's version, as in `info.version` of `openapi.yaml`.
    public static let version = "1.0.0"
}
