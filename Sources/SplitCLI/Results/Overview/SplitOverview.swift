import SplitCore
import SplitJSON
import SplitReport

/// What `split` alone prints: the current trip in a few lines (name, currency, members, your
/// net or the largest nets, what waits to sync) and where to read on; or, without a trip, how
/// to make or pick one.
struct SplitOverview: CommandResult {
    /// The current trip, as far as the overview shows it.
    struct Current: Sendable {
        let trip: Trip
        let members: [Member]
        let me: MemberID?
        let balances: [CurrencyBalances]
        /// Changes waiting to sync; nil for a trip linked to no server.
        let pending: Int?
    }

    enum State: Sendable {
        case noTrip
        case noCurrentTrip(trips: [String])
        case trip(Current)
    }

    let state: State

    /// How many of the largest nets are named when you are not known in the trip.
    static let largestShown = 3

    static let helpLine = "See split --help for every command."

    var lines: [String] {
        switch state {
        case .noTrip:
            return ["No trip yet. Create one with: split trip create NAME --currency CUR", Self.helpLine]
        case .noCurrentTrip(let trips):
            return ["No current trip; pick one with: split trip use NAME (trips: \(trips.joined(separator: ", ")))",
                    Self.helpLine]
        case .trip(let current):
            return [Self.heading(current), Self.standing(current), Self.sync(current), Self.helpLine]
        }
    }

    var json: JSONValue {
        guard case .trip(let current) = state else {
            return .object(["trip": .null, "hint": .string(lines[0])])
        }
        return .object([
            "trip": JSONRendering.trip(current.trip), "currency": .string(current.trip.currency.code),
            "members": .array(current.members.map(JSONRendering.member)),
            "me": JSONRendering.string(current.me?.rawValue),
            "nets": .array(current.balances.flatMap { group in
                group.balances.map { .object(["memberId": .string($0.memberID.rawValue), "currency": .string(group.currency.code),
                                              "net": JSONRendering.amount($0.net, group.currency)]) }
            }),
            "pending": current.pending.map { .int($0) } ?? .null,
        ])
    }

    /// `Lima (PEN), 3 members: Ana, Beto, Carla`.
    private static func heading(_ current: Current) -> String {
        let names = current.members.map(\.name)
        let count = names.count == 1 ? "1 member" : "\(names.count) members"
        guard !names.isEmpty else { return "\(current.trip.name) (\(current.trip.currency.code)), no members yet" }
        var shown = names.prefix(OverviewCommand.namesShown).joined(separator: ", ")
        if names.count > OverviewCommand.namesShown { shown += " and \(names.count - OverviewCommand.namesShown) more" }
        return "\(current.trip.name) (\(current.trip.currency.code)), \(count): \(shown)"
    }

    /// Your net per currency when you are known, else the largest nets; or that all is even.
    private static func standing(_ current: Current) -> String {
        let groups = current.balances.filter { group in group.balances.contains { $0.net != 0 } }
        guard !groups.isEmpty else {
            return current.balances.isEmpty ? "No expenses yet." : "Everyone is even."
        }
        let names = MemberDirectory(current.members)
        if let me = current.me {
            let mine = groups.compactMap { group in group.balances.first { $0.memberID == me }.map { (group.currency, $0.net) } }
            let words = mine.map { YourTransfers.net($0.1, $0.0) }
            let name = names.name(of: me)
            return words.isEmpty ? "You are \(name): even." : "You are \(name). " + words.joined(separator: "; ") + "."
        }
        let largest = groups.flatMap { group in group.balances.filter { $0.net != 0 }.map { (group.currency, $0) } }
            .sorted { $0.1.net.magnitude > $1.1.net.magnitude }
            .prefix(largestShown)
        return "Largest: " + largest.map { ReportWords.standing(names.name(of: $0.1.memberID), $0.1.net, $0.0) }
            .joined(separator: "; ") + "."
    }

    private static func sync(_ current: Current) -> String {
        guard let pending = current.pending else { return "Local only: not linked to a server." }
        if pending == 0 { return "Linked; nothing waiting to sync." }
        return "\(pending) change\(pending == 1 ? "" : "s") waiting to sync (split sync)."
    }
}
