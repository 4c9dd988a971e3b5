import ArgumentParser
import SplitCore
import SplitReport

/// `split member ...`: the people of the current trip.
struct MemberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "member",
        abstract: "Add, list, rename and remove the trip's members, say who moved out, and which one you are.",
        discussion: HelpText.reflow("""
        Examples:
          split member add Alex Bea Chen Dana
          split member rename Dana Dani
          split member me Alex
          split member leave Jonas --from 2025-03-01
        """),
        subcommands: [MemberAddCommand.self, MemberListCommand.self, MemberRenameCommand.self, MemberRemoveCommand.self,
                      MemberMeCommand.self, MemberLeaveCommand.self, MemberReturnCommand.self]
    )
}
