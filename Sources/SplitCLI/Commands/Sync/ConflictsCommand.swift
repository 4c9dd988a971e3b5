import ArgumentParser
import SplitCore
import SplitReport
import SplitStore

/// `split conflicts`: edits made here and on the server to the same thing, waiting for a
/// choice. Until then the trip shows the server's version and keeps the local one here.
struct ConflictsCommand: PrintingCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List sync conflicts (the field both sides changed, mine and theirs), and held or repaired server items.",
        discussion: HelpText.reflow("""
        The trip shows the server's version until a conflict is resolved; the local
        version is kept in full. Settle one with split resolve ID --mine or --theirs.
        Examples:
          split conflicts
          split conflicts --json
        """)
    )

    @Flag(help: "List the conflicts of every linked trip.")
    var all = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let trip = all ? nil : try await context.trip()
        let conflicts = try context.syncStore.conflicts(trip: trip?.id)
        var names: [TripID: [MemberID: String]] = [:]
        for id in Set(conflicts.map(\.trip)) {
            names[id] = try context.syncStore.memberNames(id)
        }
        let views = conflicts.map { ConflictView(conflict: $0, names: names[$0.trip] ?? [:]) }
        let foreign = try context.syncStore.foreignItems(trip: trip?.id).map(ForeignItemView.init)
        let held = foreign.filter { $0.item.state == .held }, repaired = foreign.filter { $0.item.state == .repaired }
        if context.output.json {
            context.output.emit(.object(["conflicts": .array(views.map(\.json)), "held": .array(held.map(\.json)),
                                         "repaired": .array(repaired.map(\.json))]))
            return
        }
        if views.isEmpty {
            context.output.line("No conflicts.")
        } else {
            var table = TextTable(["ID", "WHAT", "FIELD", "MINE", "THEIRS"], rightAligned: [0])
            for view in views {
                table.add([String(view.conflict.id), view.itemText, view.conflict.field, view.mine ?? "(deleted)",
                           view.theirs ?? Self.missingTheirs(view.conflict.field)])
            }
            context.output.line(table.render())
            for view in views where view.conflict.field == "rejected" || view.conflict.field == "held" {
                let verb = view.conflict.field == "held" ? "the server's version is held" : "the server refused it"
                context.output.line("\(view.conflict.id): \(verb): \(view.conflict.detail ?? "no reason given")")
            }
            context.output.line("Resolve each with: split resolve ID --mine (send my version again) or --theirs (keep the server's)")
        }
        if !held.isEmpty {
            context.output.line("Held, not in the trip or its balances until someone fixes it (here with split expense edit, or on the server):")
            for view in held { context.output.line("  " + view.line) }
        }
        if !repaired.isEmpty {
            context.output.line("Repaired on reading (another client's data, read by split's documented rule):")
            for view in repaired { context.output.line("  " + view.line) }
        }
    }

    static func missingTheirs(_ field: String) -> String {
        switch field {
        case "rejected": return "(not on the server)"
        case "held": return "(held)"
        default: return "(deleted)"
        }
    }
}
