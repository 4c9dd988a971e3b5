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
struct FriendsCommand: PrintingCommand {
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

    func run(_ context: CommandContext) async throws {
        let view = try await CrossTrips.load(context, into: target)
        if context.output.json {
            context.output.emit(.object([
                "meName": JSONRendering.string(context.settings.meName),
                "convertedTo": JSONRendering.string(view.target?.code),
                "trips": .array(view.trips.map { Self.json($0) }),
                "skippedTrips": .array(view.skipped.map(JSONRendering.trip)),
                "friends": .array(view.friends.map { Self.json($0) }),
                "totals": Self.json(view.totals),
            ]))
            if let note = view.skippedNote { context.output.note(note) }
            return
        }
        if let line = view.convertedLine { context.output.line(line) }
        if view.friends.isEmpty {
            context.output.line(view.trips.isEmpty ? "No trips yet." : "No friends yet: you are alone in your trips.")
        }
        for friend in view.friends {
            context.output.line("\(friend.name): \(YourTransfers.standing(friend.totals, with: friend.name))")
            for shared in friend.trips {
                let also = shared.member.name == friend.name ? "" : " (as \(shared.member.name))"
                context.output.line("  \(shared.trip.name)\(also): \(YourTransfers.standing(shared.amounts, with: friend.name))")
            }
        }
        if !view.totals.isEmpty {
            context.output.line()
            context.output.line("In all: " + view.totals.map { YourTransfers.net($0.amount, $0.currency) }.joined(separator: "; ") + ".")
        }
        if let note = view.skippedNote { context.output.note(note) }
    }

    private static func json(_ trip: YourTrip) -> JSONValue {
        .object([
            "id": .string(trip.trip.id.rawValue), "name": .string(trip.trip.name),
            "me": JSONRendering.string(trip.me?.member.id.rawValue), "memberName": JSONRendering.string(trip.me?.member.name),
            "source": JSONRendering.string(trip.me?.source.rawValue),
        ])
    }

    private static func json(_ friend: Friend) -> JSONValue {
        .object([
            "name": .string(friend.name),
            "matchedBy": .string(friend.identity.match.rawValue),
            "totals": json(friend.totals),
            "trips": .array(friend.trips.map { shared in
                .object([
                    "trip": JSONRendering.trip(shared.trip),
                    "memberId": .string(shared.member.id.rawValue), "memberName": .string(shared.member.name),
                    "matchedBy": .string(shared.matchedBy.rawValue),
                    "amounts": json(shared.amounts),
                ])
            }),
        ])
    }

    static func json(_ amounts: [FriendAmount]) -> JSONValue {
        .array(amounts.map { .object(["currency": .string($0.currency.code), "amount": JSONRendering.amount($0.amount, $0.currency)]) })
    }
}
