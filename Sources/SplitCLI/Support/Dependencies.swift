import SplitCore

/// The time and new ids, made once per run and handed to every command, the upload and the
/// account commands: nothing reads a clock or makes a UUID inline.
struct Dependencies: Sendable {
    let clock: Clock
    let ids: IDGenerator

    /// The run's: what its ``CommandIO`` passes in (a test's clock and ids), else the real
    /// clock (or `SPLIT_NOW`, see ``Clock``) and random ids.
    static func of(_ io: CommandIO) -> Dependencies {
        var clock = Clock.system(environment: io.environment)
        if let now = io.now { clock = Clock(now: now, utcOffsetSeconds: { _ in 0 }) }
        return Dependencies(clock: clock, ids: io.ids ?? .random)
    }
}
