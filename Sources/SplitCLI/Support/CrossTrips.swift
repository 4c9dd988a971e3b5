import SplitCore
import SplitJSON
import SplitStore

/// Every trip at once, as `split friends` and `split settle --all --mine` see them: one read
/// of all trips (``SplitStore/LocalBackend/yourTrips(meName:)``), each trip's balances
/// converted when `--in` asks, and where you stand with each friend
/// (``SplitCore/FriendLedger``). Trips that do not know you are set aside, to be named.
struct CrossTrips: Sendable {
    /// The trips that count: those that know you.
    let trips: [YourTrip]
    /// Trips where you are not known, so nothing of them is counted.
    let skipped: [Trip]
    /// With `--in`: trips left out for lacking a rate, each with the currency it lacks.
    let unconverted: [(trip: Trip, code: String)]
    let friends: [Friend]
    /// Per currency, what friends owe you in all (negative: what you owe): your nets summed
    /// over the trips.
    let totals: [FriendAmount]
    /// The `--in` currency, when everything was converted.
    let target: Currency?

    /// Reads and computes it all; with `target`, a trip missing a rate is left out and named
    /// with how to add it (``unconverted``): one trip without a rate should not hide where you
    /// stand in all the others.
    static func load(_ context: CommandContext, into target: String?) async throws -> CrossTrips {
        let currency = try target.map { try Currency(code: $0) }
        let all = try await context.backend.yourTrips(meName: context.settings.meName)
        var standings: [TripStanding] = []
        var counted: [YourTrip] = []
        var skipped: [Trip] = []
        var unconverted: [(trip: Trip, code: String)] = []
        for trip in all {
            guard let me = trip.me else {
                skipped.append(trip.trip)
                continue
            }
            var balances = trip.balances
            if let currency {
                switch try ConvertedBalances.attempt(balances, trip: trip.trip, rates: trip.rates, to: currency) {
                case .converted(let converted):
                    balances = converted
                case .missingRate(let code):
                    unconverted.append((trip.trip, code))
                    continue
                }
            }
            counted.append(trip)
            standings.append(TripStanding(trip: trip.trip, members: trip.members, me: me.member.id, accounts: trip.accounts,
                                          balances: balances))
        }
        if !all.isEmpty && counted.isEmpty && unconverted.isEmpty {
            throw CLIError("split does not know who you are in any trip; say it once with: split config set me.name NAME "
                           + "(or per trip: split member me NAME --trip TRIP)", kind: .usage)
        }
        let friends = try FriendLedger.friends(standings)
        return CrossTrips(trips: counted, skipped: skipped, unconverted: unconverted, friends: friends,
                          totals: try FriendLedger.total(friends.flatMap(\.totals)), target: currency)
    }

    /// The notes for stderr naming the trips left out, if any: one for those that do not know
    /// you, one for each that lacks a rate.
    var skippedNotes: [String] {
        var notes: [String] = []
        if !skipped.isEmpty {
            notes.append("note: not counted, as you are not known there: " + skipped.map(\.name).joined(separator: ", ")
                + " (say who you are with: split member me NAME --trip TRIP, or split config set me.name NAME)")
        }
        for (trip, code) in unconverted {
            notes.append("note: not counted in \(target?.code ?? code): "
                + ConvertedBalances.missingRate(code, trip: trip, namingTrip: true))
        }
        return notes
    }

    /// `skippedTrips` in `--json`: each trip left out, and why (`notKnown`, or `missingRate`
    /// with the currency it lacks).
    var skippedJSON: JSONValue {
        let unknown = skipped.map { trip -> JSONValue in
            .object(["id": .string(trip.id.rawValue), "name": .string(trip.name), "reason": .string("notKnown"),
                     "missingRate": .null])
        }
        let unrated = unconverted.map { trip, code -> JSONValue in
            .object(["id": .string(trip.id.rawValue), "name": .string(trip.name), "reason": .string("missingRate"),
                     "missingRate": .string(code)])
        }
        return .array(unknown + unrated)
    }

    /// The line that says amounts were converted.
    var convertedLine: String? {
        target.map { "Converted into \($0.code) with each trip's own rates (split trip rate)." }
    }

}
