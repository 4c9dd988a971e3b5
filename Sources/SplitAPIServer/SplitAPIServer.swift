/// The generated server stubs of the cloud API contract.
///
/// The OpenAPI generator plugin turns `openapi.yaml` (a link to the one in SplitAPI) into
/// `registerHandlers(on:serverURL:configuration:middlewares:)` on SplitAPI's `APIProtocol`,
/// which routes each operation of a `ServerTransport` (split-server's Hummingbird router) to
/// its handler. Only split-server links it. This file keeps the target non-empty: SwiftPM drops
/// a target with no Swift source, and the generated file is not a source on disk.
public enum SplitAPIServerModule {}
