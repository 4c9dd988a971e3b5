/// The generated client of the cloud API contract.
///
/// The OpenAPI generator plugin turns `openapi.yaml` (a link to the one in SplitAPI) into
/// `Client`, an implementation of SplitAPI's `APIProtocol` that sends each operation over a
/// `ClientTransport` through a chain of `ClientMiddleware`s. SplitCloud wraps it; nothing else
/// should use it directly. This file keeps the target non-empty: SwiftPM drops a target with no
/// Swift source, and the generated file is not a source on disk.
public enum SplitAPIClientModule {}
