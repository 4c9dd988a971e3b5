import ArgumentParser
import SplitCore
import SplitReport

/// `member leave NAME [--from DATE]`: a flatmate moves out. From that day on they are in no
/// expense's default split; they keep their balance, and can still pay, be paid and be named.
struct MemberLeaveCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave",
        abstract: "Say a member moved out: later expenses split among everyone leave them out.",
        discussion: HelpText.reflow("""
        From the day given (default: today), a new expense split equally among everyone leaves \
        the member out. They still count in balances and the plan, can pay and be paid, and \
        are in a split that names them. Undo with: split member return NAME

        Examples:
          split member leave Jonas
          split member leave Jonas --from 2025-03-01
        """)
    )

    @Argument(help: "The member's name or id.", completion: ShellCompletion.member)
    var name: String

    @Option(help: ArgumentHelp("The first day they no longer live here (\(DateInput.forms); default: today).",
                               valueName: "date"))
    var from: String?

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> MemberDeparture {
        let (trip, directory) = try await context.tripAndMembers()
        let member = try directory.resolve(name)
        let today = context.clock.today()
        let day = try from.map { try DateInput(today: today).recorded($0) ?? today } ?? today
        try await context.backend.setDeparture(member.id, from: day, trip: trip.id, at: context.now)
        return MemberDeparture(trip: trip, member: member, leftOn: day)
    }
}

/// `member return NAME`: a member who moved out lives here again; new expenses split among
/// everyone include them.
struct MemberReturnCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "return",
        abstract: "Undo a member's leaving: new expenses split among everyone include them again.",
        discussion: HelpText.reflow("Example:\n  split member return Jonas")
    )

    @Argument(help: "The member's name or id.", completion: ShellCompletion.member)
    var name: String

    @OptionGroup var global: GlobalOptions
    static let changesTrips = true

    func run(_ context: CommandContext) async throws -> MemberDeparture {
        let (trip, directory) = try await context.tripAndMembers()
        let member = try directory.resolve(name)
        try await context.backend.setDeparture(member.id, from: nil, trip: trip.id, at: context.now)
        return MemberDeparture(trip: trip, member: member, leftOn: nil)
    }
}
