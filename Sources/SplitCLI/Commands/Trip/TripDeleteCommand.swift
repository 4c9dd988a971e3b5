import ArgumentParser
import SplitCloud
import SplitCore
import SplitSync

struct TripDeleteCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a trip and everything in it (needs --yes; cannot be undone).",
        discussion: HelpText.reflow("""
        A linked trip is deleted on this device and unlinked; the cloud trip stays for everyone
        else. --everywhere deletes the cloud trip too (its owner only, on split-server).
        Examples:
          split trip delete "Tokyo Trip" --yes
          split trip delete "Tokyo Trip" --yes --everywhere
        """)
    )

    @Argument(help: "The trip's name or id.", completion: ShellCompletion.trips)
    var trip: String

    @Flag(help: "Confirm the deletion.")
    var yes = false

    @Flag(help: "Also delete the linked cloud trip, for everyone (its owner only).")
    var everywhere = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripDeleted {
        let found = try await context.backend.trip(matching: trip)
        let status = try context.backend.statuses(trip: found.id).first
        if everywhere && status == nil {
            throw CLIError("\(found.name) is local only; --everywhere also deletes a linked trip's cloud trip", kind: .usage)
        }
        guard yes else {
            let count = try await context.backend.trips().first { $0.trip.id == found.id }?.expenseCount ?? 0
            guard let status else {
                throw CLIError("deleting trip \(found.name) removes its \(count) expense\(count == 1 ? "" : "s") for good; "
                               + "add --yes to confirm")
            }
            let waiting = status.pending > 0 ? "; its \(status.pending) unsynced change\(status.pending == 1 ? " is" : "s are") lost" : ""
            let place = everywhere ? "from this device and the cloud trip for everyone" : "from this device; the cloud trip stays"
            throw CLIError("deleting trip \(found.name) removes it \(place)\(waiting). Add --yes to confirm")
        }
        if everywhere, let link = status?.link {
            // The cloud trip first: refused (not the owner, no such extension), nothing is deleted here.
            try await context.sync.access.client(for: link).deleteGroup(TripID(link.group))
        }
        try await context.backend.deleteTrip(found.id)
        return TripDeleted(trip: found, everywhere: everywhere)
    }
}
