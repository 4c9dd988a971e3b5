/// The cloud API contract.
///
/// Everything public here is generated from `openapi.yaml` at build time: the wire types in
/// `Components.Schemas`, the `Client` used by `split`'s cloud mode and the `APIProtocol` that
/// `split-server` implements. This file exists because SwiftPM skips a target with no Swift
/// source, and the generated files are not sources on disk.
public enum SplitAPIContract {
    /// The contract's version, as in `info.version` of `openapi.yaml`.
    public static let version = "1.0.0"
}
