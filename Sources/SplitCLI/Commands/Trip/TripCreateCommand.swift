import ArgumentParser
import SplitCore
import SplitStore
import SplitSync

struct TripCreateCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a trip and make it the current one.",
        discussion: HelpText.reflow("""
        With --cloud (the default in cloud mode, see split mode) the trip is also created
        on the server you are logged in to and stays linked to it: it works offline, and
        changes sync both ways (see split sync).
        Examples:
          split trip create "Tokyo Trip" --currency JPY
          split trip create "Tokyo Trip" --currency JPY --cloud
        """)
    )

    @Argument(help: "The trip's name (unique, case-insensitive).")
    var name: String

    @Option(help: ArgumentHelp("The trip's home currency (ISO 4217; default: the default.currency preference, else USD).",
                               valueName: "code"), completion: ShellCompletion.currencies)
    var currency: String?

    @Flag(help: "Also create it on the logged-in server, linked (default in cloud mode).")
    var cloud = false

    @Flag(help: "Create it on this device only, even in cloud mode.")
    var local = false

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws -> TripCreated {
        if cloud && local { throw CLIError("choose one: --cloud or --local") }
        let linked = cloud || (!local && context.settings.mode == .cloud)
        let checkedName = try NameRules.trip(name), checkedCurrency = try currency.map { try Currency(code: $0) }
            ?? context.preferences.defaultCurrency ?? Currency(code: "USD")
        // Checked before anything is created: a trip half-made (local, no server) helps no one.
        let session = linked ? try await context.sync.access.account() : nil
        let clock = context.clock
        let linker = session.map {
            TripLinker(store: context.backend, client: $0.client, account: $0.account, clock: { clock.now() })
        }
        if linker != nil, try await context.backend.trips().contains(where: { Member.key(for: $0.trip.name) == Member.key(for: checkedName) }) {
            throw StoreError.duplicateTripName(checkedName)
        }
        let groupID = try await linker?.prepareGroup(named: checkedName)
        let draft = Trip(id: groupID ?? TripID(context.newID()), name: checkedName, currency: checkedCurrency)
        let trip = try await context.backend.createTrip(draft, at: context.now)
        if let linker {
            do {
                try await linker.createGroup(for: trip)
            } catch {
                // Nothing else refers to the new, empty trip yet: take it back.
                try? await context.backend.deleteTrip(trip.id)
                throw error
            }
        }
        try await context.backend.setCurrentTrip(trip.id)
        return TripCreated(trip: trip, server: session?.client.server.url)
    }
}
