import Foundation
import SplitCore
import SplitTestSupport
import Testing

/// split → ihatemoney JSON → split, as a property: random trips (every kind of split, several
/// payers, paid shares, payments, two currencies with a rate) keep every member's balance to
/// the cent, after conversion into the trip's currency.
@Suite("ihatemoney round trip, as a property")
struct IHateMoneyPropertyTests {
    @Test("random trips keep every balance through an ihatemoney export", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func roundTrip(seed: UInt64) async throws {
        let cli = try await Self.randomTrip(seed: seed)
        let before = try await IHateMoneyExportTests.nets(cli, trip: "Trip", in: "EUR")
        try await cli.ok("export", "--format", "ihatemoney", "-o", "back-bills.json")
        try await cli.ok("import", "back-bills.json")
        IHateMoneyExportTests.expectSame(before, try await IHateMoneyExportTests.nets(cli, trip: "back", in: "EUR"), "seed \(seed)")
    }

    /// A random trip "Trip" in EUR with a JPY rate: every kind of split, several payers, paid
    /// shares and payments in both currencies.
    static func randomTrip(seed: UInt64) async throws -> CLI {
        var random = SplitMix64(seed: seed)
        let cli = try CLI()
        try await cli.ok("trip", "create", "Trip", "--currency", "EUR")
        let members = Array(["Ann", "Bea", "Chen", "Dana Jr", "Eli"].prefix(Int.random(in: 2...5, using: &random)))
        try await cli.ok(["member", "add"] + members)
        try await cli.ok("trip", "rate", "JPY", ["0.00613", "0.0061", "0.007131"].randomElement(using: &random)!)
        func money(_ minor: Int, _ currency: String) -> String {
            currency == "JPY" ? String(minor) : String(format: "%d.%02d", minor / 100, minor % 100)
        }
        for index in 0 ..< Int.random(in: 3...12, using: &random) {
            let currency = Bool.random(using: &random) ? "JPY" : "EUR"
            let amount = Int.random(in: 1...50_000, using: &random)
            var arguments = ["add-expense", "e\(index)", money(amount, currency), "--currency", currency]
            let payers = members.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            if payers.count > 1 && amount >= payers.count {
                var left = amount
                var parts: [String] = []
                for (position, payer) in payers.enumerated() {
                    let part = position == payers.count - 1 ? left : Int.random(in: 1...(left - (payers.count - position - 1)), using: &random)
                    left -= part
                    parts.append("\(payer)=\(money(part, currency))")
                }
                arguments += ["--paid-by", parts.joined(separator: ",")]
            } else {
                arguments += ["--paid-by", members.randomElement(using: &random)!]
            }
            let among = members.filter { _ in Bool.random(using: &random) }
            let chosen = among.isEmpty ? [members[0]] : among
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                arguments += ["--among", chosen.joined(separator: ",")]
            case 1:
                arguments += ["--shares", chosen.map { "\($0)=\(Int.random(in: 1...4, using: &random))" }.joined(separator: ",")]
            case 2:
                var left = 100
                arguments += ["--percent", chosen.enumerated().map { position, name in
                    let part = position == chosen.count - 1 ? left : Int.random(in: 0...left, using: &random)
                    left -= part
                    return "\(name)=\(part)"
                }.joined(separator: ",")]
            default:
                var left = amount
                arguments += ["--exact", chosen.enumerated().map { position, name in
                    let part = position == chosen.count - 1 ? left : Int.random(in: 0...left, using: &random)
                    left -= part
                    return "\(name)=\(money(part, currency))"
                }.joined(separator: ",")]
            }
            try await cli.ok(arguments)
            if Int.random(in: 0..<4, using: &random) == 0, let split = chosen.first {
                _ = try? await cli.run("mark-paid", try await cli.expenseID("e\(index)"), "--member", split)
            }
        }
        for _ in 0 ..< Int.random(in: 0...3, using: &random) where members.count > 1 {
            let pair = members.shuffled(using: &random).prefix(2)
            let currency = Bool.random(using: &random) ? "JPY" : "EUR"
            try await cli.ok("pay", pair.first!, pair.last!, money(Int.random(in: 1...9_000, using: &random), currency), "--currency", currency)
        }
        return cli
    }
}
