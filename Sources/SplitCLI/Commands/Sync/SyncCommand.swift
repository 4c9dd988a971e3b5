import ArgumentParser
import SplitCloud
import SplitCore
import SplitJSON
import SplitStore
import SplitSync

/// `split sync`: pushes a linked trip's waiting changes and pulls everyone else's.
///
/// Typed by hand it always does what it can: on a local-only current trip it still syncs the
/// account (preferences, claims) and every linked trip with changes waiting, says in one line
/// that the current trip is local, and succeeds. Only a trip named with `--trip` must be
/// linked.
struct SyncCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send a linked trip's changes to its cloud trip and fetch everyone else's.",
        discussion: HelpText.reflow("""
        Changes to a linked trip are kept locally and sent by the next sync; split tries one
        after every change (see split status). Conflicting edits are merged field by field,
        or listed by split conflicts. A sync also sends who you are in the trip (split member
        me) and your preferences, and fetches preferences set on your other devices. When the
        current trip is local-only, a sync still does that, and sends every linked trip whose
        changes wait.
        Examples:
          split sync
          split sync --all --json
        """)
    )

    @Flag(help: "Sync every linked trip.")
    var all = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> OneOf<TripsSynced, PreferencesSynced> {
        if all && global.trip != nil { throw CLIError("give either --all or --trip, not both") }
        let links: [TripLink]
        /// The current trip, when it is local-only: the sync is then the account's and the waiting trips'.
        var localTrip: Trip?
        if all {
            links = try context.backend.links()
            if links.isEmpty {
                // Logged in, a sync still has something to do: your preferences.
                guard let report = try await context.sync.access.preferences(force: true) else {
                    throw CLIError("no linked trip; create one with: split trip create NAME --cloud, or link one with: split upload",
                                   kind: .data)
                }
                return .second(PreferencesSynced(notices: report.lines))
            }
        } else {
            let trip = try await context.trip()
            // The scope read the trip's link.
            if let link = try context.backend.link(trip.id) {
                links = [link]
            } else {
                // One read of every link with what waits for it.
                let waiting = try context.backend.statuses().filter { $0.pending > 0 }.map(\.link)
                guard global.trip == nil, !waiting.isEmpty || context.sync.access.session != nil else {
                    throw Self.notLinked(trip)
                }
                links = waiting
                localTrip = trip
            }
        }
        let reports = try await context.sync.sync(links)
        // The seed plan's pull-to-refresh: a sync typed by hand always revalidates preferences.
        let notices = await context.sync.afterSync(links, force: true)
        var names: [TripID: String] = [:]
        if all || localTrip != nil {
            for report in reports { names[report.trip] = try? await context.backend.trip(matching: report.trip.rawValue).name }
        }
        return .first(TripsSynced(reports: reports, names: names, notices: notices, all: all, localTrip: localTrip))
    }

    static func notLinked(_ trip: Trip) -> CLIError {
        CLIError("\(trip.name) is not linked to a cloud trip; link it with: split upload "
                 + "(or make a linked trip with: split trip create NAME --cloud)", kind: .data)
    }
}
