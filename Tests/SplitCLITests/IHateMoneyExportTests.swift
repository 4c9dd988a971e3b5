import Foundation
import SplitTestSupport
import Testing

/// `split export --format ihatemoney|ihatemoney-csv`, read back by `split import`: every
/// member's balance survives to the cent, after conversion into the trip's currency.
@Suite("export: ihatemoney")
struct IHateMoneyExportTests {
    /// Each member's net in `currency` by name, as `split report --in` converts them.
    static func nets(_ cli: CLI, trip: String, in currency: String) async throws -> [String: Double] {
        let report = try await cli.json("report", "--json", "--trip", trip, "--in", currency)
        var result: [String: Double] = [:]
        for balance in report["settlements"].array.flatMap({ $0["balances"].array }) {
            result[balance["memberName"].string ?? "?", default: 0] += balance["netBalance"].double ?? .nan
        }
        return result
    }

    static func expectSame(_ lhs: [String: Double], _ rhs: [String: Double], _ comment: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!lhs.isEmpty && !rhs.isEmpty, "\(comment): no balances read", sourceLocation: sourceLocation)
        for name in Set(lhs.keys).union(rhs.keys) where abs((lhs[name] ?? 0) - (rhs[name] ?? 0)) > 0.0001 {
            Issue.record("\(comment) \(name): \(lhs[name] ?? 0) vs \(rhs[name] ?? 0)\n\(lhs)\n\(rhs)", sourceLocation: sourceLocation)
        }
    }

    /// Every kind of split, several payers, a paid share, a payment, and a USD expense.
    static func trip() async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lisbon", "--currency", "EUR")
        try await cli.ok("member", "add", "Alex", "Bea", "Smith", "Bob")
        try await cli.ok("add-expense", "Dinner", "100.00", "--paid-by", "Alex")
        try await cli.ok("add-expense", "Taxi", "10.00", "--paid-by", "Bea", "--among", "Alex,Bea,Bob")
        try await cli.ok("add-expense", "Hotel", "300.00", "--paid-by", "Bob", "--exact", "Alex=100,Bea=120.50,Bob=79.50")
        try await cli.ok("add-expense", "Museum", "50.00", "--paid-by", "Smith", "--shares", "Alex=2,Bea=1,Bob=1")
        try await cli.ok("add-expense", "Boat", "77.77", "--paid-by", "Alex=50,Bea=27.77", "--percent", "Alex=10,Bea=30,Bob=60")
        try await cli.ok("mark-paid", try await cli.expenseID("Taxi"), "--member", "Bob")
        try await cli.ok("pay", "Bea", "Alex", "20.00", "--note", "cash")
        try await cli.ok("add-expense", "Lunch", "10.51", "--currency", "USD", "--paid-by", "Bea", "--among", "Alex,Bea,Bob")
        return cli
    }

    @Test("json: ihatemoney's keys, weight 1, one bill per distinct share, payments as Reimbursements; read back, the balances are split's")
    func jsonRoundTrip() async throws {
        let cli = try await Self.trip()
        try await cli.ok("trip", "rate", "USD", "0.9137")
        let result = try await cli.ok("export", "--format", "ihatemoney", "-o", "copy-bills.json")
        #expect(result.stderrLines.contains { $0.contains("converted amounts in USD into EUR at the trip's rates") }, "\(result)")
        let bills = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.path("copy-bills.json")))) as? [[String: Any]])
        #expect(bills.allSatisfy { Set($0.keys) == ["what", "bill_type", "amount", "currency", "date", "payer_name", "payer_weight", "owers"] })
        #expect(bills.allSatisfy { ($0["payer_weight"] as? Int) == 1 && ($0["currency"] as? String) == "EUR" })
        #expect(bills.contains { $0["what"] as? String == "Dinner" && ($0["owers"] as? [String])?.count == 4 })
        #expect(bills.filter { ($0["what"] as? String)?.hasPrefix("Hotel") == true }.count == 3)
        #expect(bills.contains { $0["what"] as? String == "Payment: cash" && $0["bill_type"] as? String == "Reimbursement" })
        #expect(bills.contains { ($0["what"] as? String)?.contains("[USD 10.51 at 0.9137]") == true })

        let before = try await Self.nets(cli, trip: "Lisbon", in: "EUR")
        try await cli.ok("import", "copy-bills.json")
        let after = try await Self.nets(cli, trip: "copy", in: "EUR")
        Self.expectSame(before, after, "json round trip")
    }

    @Test("csv: the same bills, read back to the same balances")
    func csvRoundTrip() async throws {
        let cli = try await Self.trip()
        try await cli.ok("trip", "rate", "USD", "0.9137")
        try await cli.ok("export", "--format", "ihatemoney-csv", "-o", "copy-bills.csv")
        let text = try String(contentsOfFile: cli.path("copy-bills.csv"), encoding: .utf8)
        #expect(text.hasPrefix("what,bill_type,amount,currency,date,payer_name,payer_weight,owers\r\n"))
        try await cli.ok("import", "copy-bills.csv")
        Self.expectSame(try await Self.nets(cli, trip: "Lisbon", in: "EUR"), try await Self.nets(cli, trip: "copy", in: "EUR"), "csv round trip")
    }

    @Test("a trip in two currencies without a rate is refused in one line naming the rate; no file is written")
    func missingRate() async throws {
        let cli = try await Self.trip()
        let result = try await cli.run("export", "--format", "ihatemoney", "-o", "out.json")
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1 && result.stderr.contains("no USD rate") && result.stderr.contains("split trip rate USD"),
                "\(result)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.json")))
        let all = try await cli.run("export", "--all", "--format", "ihatemoney-csv")
        #expect(all.status != 0 && all.stderr.contains("one trip at a time"))
    }
}
