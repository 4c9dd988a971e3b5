import ArgumentParser
import SplitCore
import SplitSync
import SplitJSON

/// `split trip unlink NAME --yes`: a linked trip becomes local only. Everything it holds
/// stays; changes not yet synced and open conflicts are dropped, so they need the --yes.
struct TripUnlinkCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink",
        abstract: "Stop syncing a linked trip; it stays here as a local-only trip.",
        discussion: HelpText.reflow("""
        The cloud trip is not touched. Changes that have not been synced yet, and open
        conflicts, are dropped: run split sync first to keep them. Useful when the cloud trip
        was deleted by its owner.
        Example:
          split trip unlink "Tokyo Trip" --yes
        """)
    )

    @Argument(help: "The trip's name or id.", completion: ShellCompletion.trips)
    var trip: String

    @Flag(help: "Confirm.")
    var yes = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripUnlinked {
        let found = try await context.backend.trip(matching: trip)
        guard let status = try context.backend.statuses(trip: found.id).first else {
            throw CLIError("\(found.name) is not linked to a cloud trip; nothing to unlink", kind: .data)
        }
        guard yes else {
            var lost: [String] = []
            if status.pending > 0 { lost.append("\(status.pending) unsynced change\(status.pending == 1 ? "" : "s")") }
            if status.conflicts > 0 { lost.append("\(status.conflicts) open conflict\(status.conflicts == 1 ? "" : "s")") }
            let dropped = lost.isEmpty ? "" : "; its " + lost.joined(separator: " and ") + " are dropped"
            throw CLIError("unlinking \(found.name) keeps it here as a local-only trip\(dropped). Add --yes to confirm")
        }
        try context.backend.unlink(found.id)
        return TripUnlinked(trip: found)
    }
}
