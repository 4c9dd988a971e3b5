import ArgumentParser
import SplitCore
import SplitJSON
import SplitStore

/// `split status`: where the current trip (or every linked trip) stands with its server.
/// Reads the local file only.
struct StatusCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show a trip's link: server, cloud trip, last sync, waiting changes, conflicts and held items.",
        discussion: HelpText.reflow("""
        Makes no request. Without --trip, shows the current trip.
        Examples:
          split status
          split status --all --json
        """)
    )

    @Flag(help: "Show every linked trip.")
    var all = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let store = context.syncStore
        if all {
            let statuses = try store.statuses()
            if context.output.json {
                var trips: [JSONValue] = []
                for status in statuses { trips.append(try await json(status, context)) }
                context.output.emit(.object(["trips": .array(trips)]))
            } else if statuses.isEmpty {
                context.output.line("No linked trip. Create one with: split trip create NAME --cloud")
            } else {
                for status in statuses { try await lines(status, context) }
            }
            return
        }
        let trip = try await context.trip()
        // The scope read the link; only the counts are read here.
        guard let status = try store.link(trip.id).map(store.status(of:)) else {
            let me = try await context.me()
            if context.output.json {
                context.output.emit(.object(["trip": .string(trip.id.rawValue), "name": .string(trip.name), "linked": .bool(false),
                                             "me": JSONRendering.string(me?.member.id.rawValue)]))
            } else {
                context.output.line("\(trip.name) is local only. Link it with: split upload")
                context.output.line("  " + Self.you(me))
            }
            return
        }
        if context.output.json {
            context.output.emit(try await json(status, context))
        } else {
            try await lines(status, context)
        }
    }

    private func json(_ status: LinkStatus, _ context: CommandContext) async throws -> JSONValue {
        let link = status.link
        let name = try await context.backend.trip(matching: link.trip.rawValue).name
        let me = try await context.me(in: link.trip)
        return .object([
            "me": JSONRendering.string(me?.member.id.rawValue),
            "trip": .string(link.trip.rawValue), "name": .string(name), "linked": .bool(true), "server": .string(link.server),
            "group": .string(link.group), "protocol": .string(link.syncProtocol.rawValue), "revision": .int(link.revision),
            "lastSync": JSONRendering.string(link.syncedAt?.iso8601), "pending": .int(status.pending),
            "conflicts": .int(status.conflicts), "held": .int(status.held), "repaired": .int(status.repaired),
        ])
    }

    /// `you are Alex`, with where that comes from when it is not yet your account's.
    static func you(_ me: Me?) -> String {
        guard let me else { return "you are not set; say who you are with: split member me NAME" }
        return me.source == .account ? "you are \(me.member.name)" : "you are \(me.member.name) (\(me.source.words))"
    }

    private func lines(_ status: LinkStatus, _ context: CommandContext) async throws {
        let link = status.link
        let name = try await context.backend.trip(matching: link.trip.rawValue).name
        let synced = link.syncedAt.map { context.clock.localText($0) } ?? "never"
        let me = try await context.me(in: link.trip)
        context.output.line("""
            \(name): linked to \(link.server), cloud trip \(link.group)
              last sync \(synced), revision \(link.revision)
              \(status.pending) change\(status.pending == 1 ? "" : "s") waiting, \(status.conflicts) conflict\(status.conflicts == 1 ? "" : "s")
              \(Self.you(me))
            """)
        if status.held > 0 || status.repaired > 0 {
            context.output.line("  \(status.held) held (not in the trip until fixed), \(status.repaired) repaired on reading; "
                                + "see split conflicts")
        }
    }
}
