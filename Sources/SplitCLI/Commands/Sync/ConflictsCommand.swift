import ArgumentParser
import SplitCore
import SplitReport
import SplitStore

/// `split conflicts`: edits made here and on the server to the same thing, waiting for a
/// choice. Until then the trip shows the server's version and keeps the local one here.
struct ConflictsCommand: ContextCommand {
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

    func run(_ context: CommandContext) async throws -> ConflictListing {
        let trip = all ? nil : try await context.trip()
        let conflicts = try context.backend.conflicts(trip: trip?.id)
        var names: [TripID: [MemberID: String]] = [:]
        for id in Set(conflicts.map(\.trip)) {
            names[id] = try context.backend.memberNames(id)
        }
        let foreign = try context.backend.foreignItems(trip: trip?.id).map(ForeignItemView.init)
        return ConflictListing(conflicts: conflicts.map { ConflictView(conflict: $0, names: names[$0.trip] ?? [:]) },
                               held: foreign.filter { $0.item.state == .held },
                               repaired: foreign.filter { $0.item.state == .repaired })
    }
}
