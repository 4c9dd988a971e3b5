import ArgumentParser
import Foundation
import SplitCore
import SplitStore

/// `split` alone: where you are, in a few lines, as `git status` answers a bare question, rather
/// than the whole help. Not a subcommand (there is no `split overview`): ``SplitProgram`` runs it
/// for an empty command line.
///
/// It reads the local file only, like every command that changes nothing: a linked trip's
/// waiting changes are counted from the outbox, never asked of a server. With no database yet
/// it opens none, so a first `split` creates no file.
struct OverviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "split", shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    /// How many member names are listed before counting the rest.
    static let namesShown = 6

    mutating func run() async throws {
        let io = CommandIO.current
        guard FileManager.default.fileExists(atPath: DatabaseLocation.resolve(flag: global.db, io: io)) else {
            try Output(json: global.json, io: io).render(SplitOverview(state: .noTrip))
            return
        }
        let context = try CommandContext.make(global)
        try context.output.render(try await overview(context))
    }

    private func overview(_ context: CommandContext) async throws -> SplitOverview {
        let backend = context.backend
        guard let scope = try await backend.scope(reference: global.trip, meName: context.settings.meName) else {
            let trips = try await backend.trips().map(\.trip.name)
            return SplitOverview(state: trips.isEmpty ? .noTrip : .noCurrentTrip(trips: trips))
        }
        let pending = try scope.link.map { try backend.status(of: $0).pending }
        return SplitOverview(state: .trip(SplitOverview.Current(
            trip: scope.trip, members: scope.members, me: scope.me?.member.id,
            balances: try await backend.balances(trip: scope.trip.id), pending: pending)))
    }
}
