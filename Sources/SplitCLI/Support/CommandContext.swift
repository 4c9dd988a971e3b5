import Foundation
import SplitCloud
import SplitCore
import SplitStore

/// Everything a command needs: the backend, the clock, id generation and output.
///
/// Commands build one with ``make(_:)`` and then only talk to it, so the same command code
/// runs against any backend: the local SQLite file, or the cloud server when `split mode cloud`
/// was chosen (`config.json` next to the credentials says which).
struct CommandContext: Sendable {
    let backend: any SplitBackend
    let dependencies: Dependencies
    let output: Output
    let tripReference: String?

    static func make(_ options: GlobalOptions) throws -> CommandContext {
        let environment = ProcessInfo.processInfo.environment
        let output = Output(json: options.json)
        let files = ConfigFiles(environment: environment)
        let settings = try files.settings.load()
        let dependencies = Dependencies.system(environment: environment)
        let backend: any SplitBackend
        switch settings.mode {
        case .cloud:
            backend = try CloudConnector.backend(files: files, settings: settings, environment: environment,
                                                 ids: dependencies.ids, output: output)
        case .local:
            let path = DatabaseLocation.resolve(flag: options.db, environment: environment)
            backend = LocalBackend(database: try SplitDatabase(path: path))
        }
        return CommandContext(backend: backend, dependencies: dependencies, output: output,
                              tripReference: options.trip)
    }

    var clock: Clock { dependencies.clock }
    var now: Timestamp { clock.now() }

    /// A new id from the run's ``IDGenerator``.
    func newID() -> String { dependencies.ids() }

    /// The trip named by `--trip`, else the current one.
    func trip() async throws -> Trip {
        if let reference = tripReference {
            return try await backend.trip(matching: reference)
        }
        if let current = try await backend.currentTrip() { return current }
        let trips = try await backend.trips()
        if trips.isEmpty {
            throw CLIError("no trip yet; create one with: split trip create NAME --currency CUR", kind: .data)
        }
        throw CLIError("no current trip; pick one with: split trip use NAME (trips: "
                       + trips.map(\.trip.name).joined(separator: ", ") + ")", kind: .data)
    }

    /// The trip and a directory of its members for resolving names.
    func tripAndMembers() async throws -> (Trip, MemberDirectory) {
        let trip = try await trip()
        return (trip, MemberDirectory(try await backend.members(trip: trip.id)))
    }
}
