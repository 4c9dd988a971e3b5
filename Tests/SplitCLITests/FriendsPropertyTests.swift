import Foundation
import SplitCore
import Testing

/// `split friends` as a property, end to end on a few random trips (the many-trip property
/// runs in-process in SplitCoreTests' FriendLedgerTests): per currency the friends' totals sum
/// to your nets over the trips as `balances` shows them, and `settle --all --mine` never moves
/// more money than the trips' own `settle --mine` plans.
@Suite("friends, as a property")
struct FriendsPropertyTests {
    @Test("random trips: friends' totals are your nets summed; netting across trips moves no more than the trips' plans",
          arguments: [11, 12] as [UInt64])
    func totalsAreYourNets(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let cli = try CLI()
        let pool = ["Ann", "Bea", "Chen", "Dana", "Eli"]
        let spellings = ["Me", "me", " ME ", "Mé"]
        try await cli.ok("config", "set", "me.name", "me")
        var yourNets: [String: Double] = [:]
        var planned = 0.0
        for index in 0..<3 {
            let name = "Trip \(index)"
            try await cli.ok("trip", "create", name, "--currency", index == 1 ? "USD" : "JPY")
            let others = pool.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
            let members = [spellings.randomElement(using: &random)!.trimmingCharacters(in: .whitespaces)] + others
            try await cli.ok(["member", "add"] + members)
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let payer = members.randomElement(using: &random)!
                let among = members.filter { _ in Bool.random(using: &random) }
                let currency = Bool.random(using: &random) ? "JPY" : "EUR"
                let amount = Int.random(in: 1...90_000, using: &random)
                let split = among.isEmpty ? "" : #","among":[\#(among.map { "\"\($0)\"" }.joined(separator: ","))]"#
                lines.append(#"{"description":"x","amount":\#(currency == "EUR" ? Double(amount) / 100 : Double(amount)),"currency":"\#(currency)","paidBy":"\#(payer)"\#(split)}"#)
            }
            try await cli.ok("add-expense", "--batch", try cli.write("t\(index).jsonl", lines.joined(separator: "\n") + "\n"))
            let balances = try await cli.json("balances")
            let me = try #require(balances["me"].string, "me.name applies in \(name)")
            for group in balances["balances"].array {
                for balance in group["balances"].array where balance["memberId"].string == me {
                    yourNets[group["currency"].string!, default: 0] += balance["netBalance"].double!
                }
            }
            for settlement in try await cli.json("settle", "--mine")["settlements"].array {
                planned += settlement["transfers"].array.reduce(0) { $0 + $1["amount"].double! }
            }
        }
        let friends = try await cli.json("friends")
        var sums: [String: Double] = [:]
        for friend in friends["friends"].array {
            for total in friend["totals"].array { sums[total["currency"].string!, default: 0] += total["amount"].double! }
        }
        for code in Set(sums.keys).union(yourNets.keys) {
            #expect(abs((sums[code] ?? 0) - (yourNets[code] ?? 0)) < 0.001, "seed \(seed) \(code): \(sums) vs \(yourNets)")
        }
        let netted = try await cli.json("settle", "--all", "--mine")["settlements"].array
            .flatMap { $0["transfers"].array }.reduce(0) { $0 + $1["amount"].double! }
        #expect(netted <= planned + 0.001, "seed \(seed)")
    }
}
