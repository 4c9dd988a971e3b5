import ArgumentParser

/// What every leaf command shares: its global options, and whether it changes a trip.
protocol LeafCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    /// Whether the command changes a trip: a change to a linked trip is then synced at once
    /// (``AutoSync``). Commands that only read never touch the network.
    static var changesTrips: Bool { get }
    /// Whether this run changed a trip: ``changesTrips``, unless a flag decides
    /// (`settle --record`).
    var changesTrip: Bool { get }
}

extension LeafCommand {
    static var changesTrips: Bool { false }
    var changesTrip: Bool { Self.changesTrips }
}

/// A leaf command: parses its flags, gets a ``CommandContext``, runs against it and returns
/// what it produced. It prints nothing itself: ``Output/render(_:)`` prints the result once,
/// as JSON with `--json`, else as text, and then a change to a linked trip is synced.
protocol ContextCommand: LeafCommand {
    associatedtype Value: CommandResult
    func run(_ context: CommandContext) async throws -> Value
}

extension ContextCommand {
    mutating func run() async throws {
        let context = try CommandContext.make(global)
        try context.output.render(try await run(context))
        if changesTrip { await AutoSync.afterChange(context) }
    }
}

/// A command about the account or this device's settings, which opens no trip database
/// (`login`, `config set`, `mode`, `upload`): it returns its result as a ``ContextCommand``
/// does, and ``Output/render(_:)`` prints it once.
protocol AccountCommand: AsyncParsableCommand {
    associatedtype Value: CommandResult
    /// Where the result goes: `--json` or text, on this run's streams.
    var output: Output { get }
    func result() async throws -> Value
}

extension AccountCommand {
    mutating func run() async throws {
        try output.render(try await result())
    }
}
