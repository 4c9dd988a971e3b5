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
struct SyncCommand: PrintingCommand {
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

    func run(_ context: CommandContext) async throws {
        if all && global.trip != nil { throw CLIError("give either --all or --trip, not both") }
        let links: [TripLink]
        /// The current trip, when it is local-only: the sync is then the account's and the waiting trips'.
        var localTrip: Trip?
        if all {
            links = try context.syncStore.links()
            if links.isEmpty {
                // Logged in, a sync still has something to do: your preferences.
                guard let report = try await context.sync.access.preferences(force: true) else {
                    throw CLIError("no linked trip; create one with: split trip create NAME --cloud, or link one with: split upload",
                                   kind: .data)
                }
                if context.output.json {
                    context.output.emit(.object(["trips": .array([]), "notices": .array(report.lines.map(JSONValue.string))]))
                } else {
                    for line in report.lines { context.output.line(line) }
                    context.output.line("No linked trip to sync; your preferences are up to date.")
                }
                return
            }
        } else {
            let trip = try await context.trip()
            // The scope read the trip's link.
            if let link = try context.syncStore.link(trip.id) {
                links = [link]
            } else {
                // One read of every link with what waits for it.
                let waiting = try context.syncStore.statuses().filter { $0.pending > 0 }.map(\.link)
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
        let several = all || localTrip != nil
        if context.output.json {
            let noticeList = JSONValue.array(notices.map(JSONValue.string))
            let items = reports.map { report -> JSONValue in
                var fields: [(String, JSONValue)] = [
                    ("trip", .string(report.trip.rawValue)), ("pushed", .int(report.pushed)), ("pulled", .int(report.pulled)),
                    ("conflicts", .int(report.conflicts)), ("held", .int(report.held)), ("revision", .int(report.revision)),
                    ("pending", .int(report.pending)),
                ]
                if !several { fields.append(("notices", noticeList)) }
                return .object(fields.map { JSONMember($0.0, $0.1) })
            }
            if let localTrip {
                context.output.emit(.object(["trips": .array(items), "notices": noticeList,
                                             "localTrip": JSONRendering.trip(localTrip)]))
            } else {
                context.output.emit(several ? .object(["trips": .array(items), "notices": noticeList]) : items[0])
            }
            return
        }
        for report in reports {
            let prefix = several ? "\((try? await context.backend.trip(matching: report.trip.rawValue).name) ?? report.trip.short): " : ""
            var line = "\(prefix)pushed \(report.pushed), pulled \(report.pulled), conflicts \(report.conflicts)"
            if report.held > 0 { line += ", held \(report.held) (see split conflicts)" }
            if report.pending > 0 { line += "; \(report.pending) still wait" }
            context.output.line(line)
        }
        for notice in notices { context.output.line(notice) }
        if let localTrip {
            context.output.line("\(localTrip.name) is local-only, so it has nothing to sync; "
                                + "your account is synced (link the trip with: split upload).")
        }
    }

    static func notLinked(_ trip: Trip) -> CLIError {
        CLIError("\(trip.name) is not linked to a cloud trip; link it with: split upload "
                 + "(or make a linked trip with: split trip create NAME --cloud)", kind: .data)
    }
}
