import Foundation
import SplitCore
import SplitJSON
import SplitTestSupport
import Testing

/// `split report` as a property, end to end on random trips: its nets and plan are exactly
/// what `split balances` and `split settle` print (also with `--in`), and its spending what
/// `split summary` prints.
@Suite("report, as a property")
struct ReportPropertyTests {
    @Test("random trips: the report's numbers equal balances, settle and summary", arguments: [31, 32, 33] as [UInt64])
    func numbersMatch(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let cli = try CLI()
        let members = Array(["Ann", "Bea", "Chen", "Dana", "Eli"].prefix(Int.random(in: 1...5, using: &random)))
        try await cli.ok("trip", "create", "Random", "--currency", "JPY")
        try await cli.ok(["member", "add"] + members)
        try await cli.ok("trip", "rate", "EUR", "161.5")
        var lines: [String] = []
        for index in 0..<Int.random(in: 0...8, using: &random) {
            let payer = members.randomElement(using: &random)!
            let among = members.filter { _ in Bool.random(using: &random) }
            let euro = Bool.random(using: &random)
            let amount = Int.random(in: 1...90_000, using: &random)
            let split = among.isEmpty ? "" : #","among":[\#(among.map { "\"\($0)\"" }.joined(separator: ","))]"#
            let day = 1 + index % 3
            lines.append(#"{"description":"x\#(index)","amount":\#(euro ? "\(amount / 100).\(String(format: "%02d", amount % 100))" : "\(amount)"),"#
                         + #""currency":"\#(euro ? "EUR" : "JPY")","paidBy":"\#(payer)","date":"2025-01-0\#(day)""#
                         + #","category":"\#(["Meal", "Hotel", "Transport"][index % 3])"\#(split)}"#)
        }
        if !lines.isEmpty {
            try await cli.ok("add-expense", "--batch", try cli.write("e.jsonl", lines.joined(separator: "\n") + "\n"))
        }
        if members.count > 1, Bool.random(using: &random) {
            try await cli.ok("pay", members[0], members[1], "500")
        }
        func json(_ arguments: String...) async throws -> JSONValue {
            try JSONParser.parse(Array(try await cli.ok(arguments).stdout.utf8))
        }
        let report = try await json("report", "--json")
        let balances = try await json("balances", "--json")
        let settle = try await json("settle", "--json")
        let settlements = report["settlements"]?.arrayValue ?? []
        #expect(settlements.map { $0["balances"] } == (balances["balances"]?.arrayValue ?? []).map { $0["balances"] })
        #expect(settlements.map { $0["currency"] } == (balances["balances"]?.arrayValue ?? []).map { $0["currency"] })
        #expect(report["settlements"] == settle["settlements"])

        let converted = try await json("report", "--in", "JPY", "--json")
        let settleIn = try await json("settle", "--in", "JPY", "--json")
        #expect(converted["settlements"] == settleIn["settlements"] && converted["rates"] == settleIn["rates"])

        let summary = try await json("summary", "--json")
        let spending = report["spending"]?.arrayValue ?? []
        let currencies = summary["currencies"]?.arrayValue ?? []
        #expect(spending.map { $0["currency"] } == currencies.map { $0["currency"] })
        #expect(spending.map { $0["total"] } == currencies.map { $0["total"] })
        for (spent, listed) in zip(spending, currencies) {
            let mine = Set((spent["byCategory"]?.arrayValue ?? []).map { "\($0["category"]!) \($0["total"]!) \($0["expenses"]!)" })
            let theirs = Set((listed["byCategory"]?.arrayValue ?? []).map { "\($0["category"]!) \($0["total"]!) \($0["expenses"]!)" })
            #expect(mine == theirs)
        }
        #expect(report["expenses"]?["count"]?.numberText == String(lines.count))
    }
}
