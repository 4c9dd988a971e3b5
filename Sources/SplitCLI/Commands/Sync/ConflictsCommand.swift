import ArgumentParser
import SplitCore
import SplitStore

/// `split conflicts`: edits made here and on the server to the same thing, waiting for a
/// choice. Until then the trip shows the server's version and keeps the local one here.
struct ConflictsCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List sync conflicts: the field both sides changed, with mine and theirs.",
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
        if context.output.json {
            context.output.emit(.object(["conflicts": .array(views.map(\.json))]))
            return
        }
        guard !views.isEmpty else {
            context.output.line("No conflicts.")
            return
        }
        var table = TextTable(["ID", "WHAT", "FIELD", "MINE", "THEIRS"], rightAligned: [0])
        for view in views {
            table.add([String(view.conflict.id), view.itemText, view.conflict.field, view.mine ?? "(deleted)",
                       view.theirs ?? (view.conflict.field == "rejected" ? "(not on the server)" : "(deleted)")])
        }
        context.output.line(table.render())
        for view in views where view.conflict.field == "rejected" {
            context.output.line("\(view.conflict.id): the server refused it: \(view.conflict.detail ?? "no reason given")")
        }
        context.output.line("Resolve each with: split resolve ID --mine (send my version again) or --theirs (keep the server's)")
    }
}
