import ArgumentParser

/// `split trip ...`: create, list, select, inspect, rename and delete trips, and set rates.
struct TripCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trip",
        abstract: "Create, list, select, rename and delete trips; set exchange rates.",
        discussion: HelpText.reflow("""
        Examples:
          split trip create "Tokyo Trip" --currency JPY
          split trip list
          split trip use "Tokyo Trip"
          split trip rate USD 150.25
        """),
        subcommands: [
            TripCreateCommand.self, TripListCommand.self, TripUseCommand.self, TripShowCommand.self,
            TripRenameCommand.self, TripDeleteCommand.self, TripRateCommand.self, TripPullCommand.self, TripInviteCommand.self,
            TripUnlinkCommand.self,
        ]
    )
}
