import ArgumentParser
import SplitCore
import SplitStore

/// `split resolve ID --mine|--theirs`: settles one conflict. `--mine` is a new change on top
/// of the server's version, synced like any other.
struct ResolveCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Settle a sync conflict: keep my version (--mine) or the server's (--theirs).",
        discussion: HelpText.reflow("""
        --mine sends the local value of the field again, on top of the server's current
        version; --theirs keeps the server's version, which the trip already shows.
        Examples:
          split conflicts
          split resolve 3 --mine
          split resolve 4 --theirs
        """)
    )

    @Argument(help: "The conflict's id, as split conflicts lists it.")
    var id: String

    @Flag(help: "Keep my version.")
    var mine = false

    @Flag(help: "Keep the server's version.")
    var theirs = false

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> ConflictResolved {
        guard let number = Int64(id), number > 0 else {
            throw CLIError("'\(id)' is not a conflict id; ids are the numbers split conflicts lists")
        }
        guard mine != theirs else { throw CLIError("choose one: --mine or --theirs") }
        let conflict = try context.backend.resolve(number, keepMine: mine, at: context.now)
        let names = try context.backend.memberNames(conflict.trip)
        return ConflictResolved(view: ConflictView(conflict: conflict, names: names), keptMine: mine)
    }
}
