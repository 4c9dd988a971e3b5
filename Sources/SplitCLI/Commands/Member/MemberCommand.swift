import ArgumentParser
import SplitCore
import SplitReport

/// `split member ...`: the people of the current trip.
struct MemberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "member",
        abstract: "Add, list, rename and remove the trip's members, and say which one you are.",
        discussion: HelpText.reflow("""
        Examples:
          split member add Alex Bea Chen Dana
          split member rename Dana Dani
          split member me Alex
        """),
        subcommands: [MemberAddCommand.self, MemberListCommand.self, MemberRenameCommand.self, MemberRemoveCommand.self,
                      MemberMeCommand.self]
    )
}

struct MemberAddCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add one or more members to the trip.",
        discussion: HelpText.reflow("Example:\n  split member add Alex Bea Chen Dana")
    )

    @Argument(help: "Member names (unique within the trip, case-insensitive; no ',' or '=').")
    var names: [String]

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func validate() throws {
        guard !names.isEmpty else { throw ValidationError("give at least one member name, e.g. split member add Alex Bea") }
    }

    func run(_ context: CommandContext) async throws {
        let trip = try await context.trip()
        let drafts = try names.map { Member(id: MemberID(context.newID()), name: try NameRules.member($0)) }
        let members = try await context.backend.addMembers(drafts, trip: trip.id, at: context.now)
        if context.output.json {
            context.output.emit(.object(["trip": JSONRendering.trip(trip), "members": .array(members.map(JSONRendering.member))]))
        } else {
            context.output.line("Added \(members.map(\.name).joined(separator: ", ")) to \(trip.name).")
        }
    }
}

struct MemberListCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the trip's members.",
        discussion: HelpText.reflow("Example:\n  split member list --json")
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let me = try await context.me()?.member.id
        if context.output.json {
            context.output.emit(.object([
                "trip": JSONRendering.trip(trip), "me": JSONRendering.string(me?.rawValue),
                "members": .array(directory.members.map(JSONRendering.member)),
            ]))
        } else if directory.members.isEmpty {
            context.output.line("No members yet. Add them with: split member add NAME...")
        } else {
            var table = TextTable(["NAME", "ID"])
            for member in directory.members { table.add([member.name + (member.id == me ? " (you)" : ""), member.id.short]) }
            context.output.line(table.render())
        }
    }
}

struct MemberRenameCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a member.",
        discussion: HelpText.reflow("Example:\n  split member rename Dana Dani")
    )

    @Argument(help: "The member's current name or id.", completion: ShellCompletion.member)
    var old: String

    @Argument(help: "The new name.")
    var new: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let member = try directory.resolve(old)
        let name = try NameRules.member(new)
        try await context.backend.renameMember(member.id, to: name, trip: trip.id, at: context.now)
        if context.output.json {
            context.output.emit(.object(["trip": JSONRendering.trip(trip), "member": JSONRendering.member(Member(id: member.id, name: name))]))
        } else {
            context.output.line("Renamed \(member.name) to \(name).")
        }
    }
}

struct MemberRemoveCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a member who has no expenses or payments.",
        discussion: HelpText.reflow("Example:\n  split member remove Dana")
    )

    @Argument(help: "The member's name or id.", completion: ShellCompletion.member)
    var name: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws {
        let (trip, directory) = try await context.tripAndMembers()
        let member = try directory.resolve(name)
        try await context.backend.removeMember(member.id, trip: trip.id, at: context.now)
        if context.output.json {
            context.output.emit(.object(["trip": JSONRendering.trip(trip), "removed": JSONRendering.member(member)]))
        } else {
            context.output.line("Removed \(member.name) from \(trip.name).")
        }
    }
}
