import ArgumentParser
import SplitCore
import SplitReport
import SplitJSON
import SplitStore

/// `split friends`: where you stand with each person you share a trip with, across trips.
///
/// What you owe a friend in a trip is what that trip's settle-up plan has pass between you
/// (as `split settle` shows it), so the per-trip figures always agree with `settle --mine`;
/// summed over trips they are your balance with them (``SplitCore/FriendLedger``).
struct FriendsCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "friends",
        abstract: "Show what you owe each friend, or they owe you, across all trips.",
        discussion: HelpText.reflow("""
        For each person you share a trip with: what you owe them or they owe you, per
        currency, and in which trips. In a trip, that is the transfers between you and them
        in the trip's settle-up plan (split settle --mine --trip TRIP).
        The same person across trips is the same split-server account, when members are
        claimed; otherwise the same name, ignoring case, accents and surrounding space.
        You are who split member me says in a trip, else the member named as your me.name
        (split config set me.name NAME); trips that do not know you are named and left out.
        With --in, each trip's balances are first converted with that trip's rates.
        In --json, an amount is positive when the friend owes you, negative when you owe.
        Examples:
          split config set me.name Bea
          split friends
          split friends --in EUR
          split settle --all --mine
        """)
    )

    @Option(name: .customLong("in"), help: ArgumentHelp("Convert each trip into this currency first, with its rates.",
                                                        valueName: "code"),
            completion: ShellCompletion.currencies)
    var target: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if global.trip != nil { throw ValidationError("friends covers every trip; leave out --trip") }
    }

    func run(_ context: CommandContext) async throws -> FriendsStanding {
        FriendsStanding(view: try await CrossTrips.load(context, into: target), meName: context.settings.meName)
    }
}
