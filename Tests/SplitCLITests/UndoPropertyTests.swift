import Foundation
import SplitCore
import Testing

/// Undo as a property, in-process: any sequence of changes (expenses with every split mode and
/// several payers, edits, deletes, payments, paid marks, member and trip changes) is walked back
/// by `split undo`, one change at a time, to exactly what each change started from, byte for
/// byte in every `--json` listing and the JSON export. A command that fails changes nothing and
/// logs nothing.
@Suite("undo, as a property")
struct UndoPropertyTests {
    @Test("random changes, then undo each: every --json listing and the export back byte for byte",
          arguments: [1, 2, 3, 4] as [UInt64])
    func undoWalksBack(seed: UInt64) async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("trip", "rate", "USD", "150")
        var random = SplitMix64(seed: seed)
        var generator = ChangeGenerator(members: ["Alex", "Bea", "Chen", "Dana"], trip: "Tokyo Trip")
        var undoable: [(arguments: [String], before: State)] = []
        var current = try await state(cli)
        var seq = try await lastSeq(cli)

        for step in 0..<16 {
            let arguments = generator.next(step: step, expenses: current.expenseIDs, using: &random)
            let result = try await cli.run(arguments)
            let after = try await state(cli)
            let seqAfter = try await lastSeq(cli)
            if result.status == 0 {
                #expect(seqAfter != seq || after == current, "a change that logs nothing: \(result)")
                if seqAfter != seq {
                    undoable.append((arguments, current))
                    generator.accept(arguments)
                }
            } else {
                #expect([64, 65].contains(result.status) && result.stderrLines.count == 1 && result.stdout.isEmpty,
                        "a refusal is one line and exit 64 or 65: \(result)")
                #expect(after == current, "a refused command changed the trip: \(result)")
                #expect(seqAfter == seq, "a refused command was logged: \(result)")
            }
            (current, seq) = (after, seqAfter)
        }
        #expect(undoable.count >= 8, "seed \(seed) made too few changes to be a test")

        for (arguments, before) in undoable.reversed() {
            try await cli.ok("undo")
            let now = try await state(cli)
            #expect(now == before, "undo of `split \(arguments.joined(separator: " "))` (seed \(seed))")
            if now != before { return }
        }
    }

    /// What a user can read of the trip, as JSON text.
    struct State: Equatable {
        /// `expenses --json`, `balances --json` and `export --format json`, byte for byte.
        let text: [String]
        let expenseIDs: [String]
    }

    private func state(_ cli: CLI) async throws -> State {
        let expenses = try await cli.ok("expenses", "--json")
        let balances = try await cli.ok("balances", "--json")
        let export = try await cli.ok("export", "--format", "json")
        return State(text: [expenses.stdout, balances.stdout, export.stdout],
                     expenseIDs: expenses.json["expenses"].array.compactMap { $0["id"].string })
    }

    /// The newest log entry's sequence number (0 for none).
    private func lastSeq(_ cli: CLI) async throws -> Int {
        try await cli.json("log", "--limit", "1")["activity"][0]["seq"].int ?? 0
    }
}

/// Draws the next command from what the trip holds: mostly valid changes, some that the rules
/// refuse (a split that does not add up, an unknown member), so both paths are walked.
struct ChangeGenerator {
    var members: [String]
    var trip: String
    private var added = 0

    init(members: [String], trip: String) {
        self.members = members
        self.trip = trip
    }

    /// Keeps track of names a successful command introduced or changed.
    mutating func accept(_ arguments: [String]) {
        switch (arguments.first, arguments.dropFirst().first) {
        case ("member", "add"): members += arguments.dropFirst(2)
        case ("member", "rename"):
            if let index = members.firstIndex(of: arguments[2]) { members[index] = arguments[3] }
        case ("member", "remove"): members.removeAll { $0 == arguments[2] }
        case ("trip", "rename"): trip = arguments[3]
        default: break
        }
    }

    mutating func next(step: Int, expenses: [String], using random: inout SplitMix64) -> [String] {
        let kind = expenses.isEmpty ? 0 : Int.random(in: 0..<10, using: &random)
        switch kind {
        case 0, 1, 2: return addExpense(step, using: &random)
        case 3: return edit(pick(expenses, &random), using: &random)
        case 4: return ["expense", "delete", String(pick(expenses, &random).prefix(8))]
        case 5:
            let from = pick(members, &random)
            let to = pick(members.filter { $0 != from }, &random)
            return ["pay", from, to, "\(Int.random(in: 1...9000, using: &random))"]
        case 6:
            return ["mark-paid", String(pick(expenses, &random).prefix(8)), "--member", pick(members, &random)]
                + (Bool.random(using: &random) ? ["--unpaid"] : [])
        case 7:
            added += 1
            return ["member", "add", "New\(added)"]
        case 8:
            if Bool.random(using: &random) {
                added += 1
                return ["member", "rename", pick(members, &random), "Renamed\(added)"]
            }
            return ["member", "remove", pick(members, &random)]
        default:
            return Bool.random(using: &random)
                ? ["trip", "rate", "USD", "\(Int.random(in: 100...200, using: &random)).\(Int.random(in: 0...99, using: &random))"]
                : ["trip", "rename", trip, "Tokyo Trip \(step)"]
        }
    }

    private func addExpense(_ step: Int, using random: inout SplitMix64) -> [String] {
        let usd = Int.random(in: 0..<4, using: &random) == 0
        let amount = Int.random(in: 1...60000, using: &random)
        var arguments = ["add-expense", "E\(step)", usd ? "\(amount / 100).\(String(format: "%02d", amount % 100))" : "\(amount)"]
        if usd { arguments += ["--currency", "USD"] }
        let among = members.shuffled(using: &random).prefix(Int.random(in: 1...members.count, using: &random))
        arguments += ["--paid-by", Int.random(in: 0..<4, using: &random) == 0 && members.count > 1
                      ? members.prefix(2).joined(separator: ",") : pick(members, &random)]
        switch Int.random(in: 0..<5, using: &random) {
        case 0: break
        case 1: arguments += ["--among", among.joined(separator: ",")]
        case 2:
            // Exact parts in minor units; off by one now and then, which the rules refuse.
            var parts = among.map { _ in amount / among.count }
            parts[0] += amount - parts.reduce(0, +) + (Int.random(in: 0..<6, using: &random) == 0 ? 1 : 0)
            let shown = parts.map { usd ? "\($0 / 100).\(String(format: "%02d", $0 % 100))" : "\($0)" }
            arguments += ["--exact", zip(among, shown).map { "\($0)=\($1)" }.joined(separator: ",")]
        case 3:
            var percents = among.map { _ in 100 / among.count }
            percents[0] += 100 - percents.reduce(0, +)
            arguments += ["--percent", zip(among, percents).map { "\($0)=\($1)" }.joined(separator: ",")]
        default:
            arguments += ["--shares", among.map { "\($0)=\(Int.random(in: 0...3, using: &random))" }.joined(separator: ",")]
        }
        if Bool.random(using: &random) { arguments += ["--category", pick(["Meal", "Hotel", "Transport"], &random)] }
        if Int.random(in: 0..<3, using: &random) == 0 { arguments += ["--note", "note \(step)"] }
        return arguments
    }

    private func edit(_ id: String, using random: inout SplitMix64) -> [String] {
        let prefix = String(id.prefix(8))
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return ["expense", "edit", prefix, "--amount", "\(Int.random(in: 1...60000, using: &random))"]
        case 1: return ["expense", "edit", prefix, "--description", "Edited \(Int.random(in: 0...99, using: &random))"]
        case 2: return ["expense", "edit", prefix, "--among", members.shuffled(using: &random).prefix(2).joined(separator: ",")]
        case 3: return ["expense", "edit", prefix, "--paid-by", pick(members, &random), "--note", "changed"]
        default: return ["expense", "edit", prefix, "--date", "2025-01-\(10 + Int.random(in: 0...9, using: &random))"]
        }
    }

    /// One of `values`; a name no member has when there are none (a command the rules refuse).
    private func pick(_ values: [String], _ random: inout SplitMix64) -> String {
        values.isEmpty ? "Nobody" : values[Int.random(in: 0..<values.count, using: &random)]
    }
}
