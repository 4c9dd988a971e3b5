import SplitCore

/// The time and new ids, made once per run and handed to every command, the upload and the
/// account commands: nothing reads a clock or makes a UUID inline.
struct Dependencies: Sendable {
    let clock: Clock
    let ids: IDGenerator

    /// The real clock (or `SPLIT_NOW`, see ``Clock``) and random ids.
    static func system(environment: [String: String]) -> Dependencies {
        Dependencies(clock: .system(environment: environment), ids: .random)
    }
}
