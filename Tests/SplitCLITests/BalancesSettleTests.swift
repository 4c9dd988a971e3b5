import Foundation
import Testing

/// `from→to amount` strings of a settlement's transfers, for readable comparisons.
func transferList(_ settlement: JSON) -> [String] {
    settlement["transfers"].array.map { transfer in
        "\(transfer["fromName"].string ?? "?")→\(transfer["toName"].string ?? "?") \(transfer["amount"].double.map { String($0) } ?? "?")"
    }
}

/// Checks that applying a settlement's transfers to its nets brings everyone to zero.
func expectTransfersSettle(_ settlement: JSON, scale: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    var nets: [String: Int] = [:]
    for balance in settlement["balances"].array {
        nets[balance["memberId"].string ?? "?"] = Int(((balance["netBalance"].double ?? .nan) * scale).rounded())
    }
    #expect(nets.values.reduce(0, +) == 0, "nets should sum to zero: \(settlement)", sourceLocation: sourceLocation)
    for transfer in settlement["transfers"].array {
        let amount = Int(((transfer["amount"].double ?? .nan) * scale).rounded())
        #expect(amount > 0, sourceLocation: sourceLocation)
        nets[transfer["fromId"].string ?? "?", default: 0] += amount
        nets[transfer["toId"].string ?? "?", default: 0] -= amount
    }
    #expect(nets.values.allSatisfy { $0 == 0 }, "transfers should settle everyone: \(settlement)", sourceLocation: sourceLocation)
}

@Suite("split balances, settle, summary")
struct BalancesSettleTests {
    @Test("balances of the spec's expenses, in text and JSON")
    func balances() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        let nets = try await cli.nets()
        #expect(nets["JPY"] == ["Alex": -3000, "Bea": -12500, "Chen": 14500, "Dana": 1000])
        #expect(nets["USD"] == ["Alex": 5.25, "Bea": -2.63, "Chen": -2.62, "Dana": 0])

        let json = try await cli.json("balances")
        #expect(json["trip"]["name"].string == "Tokyo Trip")
        #expect(json["balances"].array.compactMap { $0["currency"].string } == ["JPY", "USD"])
        let alex = json["balances"][0]["balances"][0]
        #expect(alex.keys == ["memberId", "memberName", "totalPaid", "totalShare", "paymentsMade", "paymentsReceived",
                              "netBalance"])
        #expect(alex["memberName"].string == "Alex")
        #expect(alex["totalPaid"].int == 12000)
        #expect(alex["totalShare"].int == 15000)

        let text = try await cli.ok("balances").stdout
        #expect(text.hasPrefix("JPY\n"))
        #expect(text.contains("\nUSD\n"))
        #expect(text.contains("  Chen    40000  25500          0         0  +14500"))
        #expect(text.contains("  Bea      0.00   2.63       0.00      0.00  -2.63"))
    }

    @Test("an empty trip has nothing to settle")
    func emptyTrip() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        #expect(try await cli.ok("balances").stdout == "No expenses or payments yet; everyone is even.\n")
        #expect(try await cli.ok("settle").stdout == "Nothing to settle: no expenses yet.\n")
        #expect(try await cli.ok("summary").stdout == "No expenses yet.\n")
        #expect(try await cli.json("settle")["settlements"].count == 0)
        #expect(try await cli.json("balances")["balances"].count == 0)
        #expect(try await cli.json("summary")["currencies"].count == 0)
        #expect(try await cli.json("settle", "--in", "JPY")["settlements"].count == 0)
    }

    @Test("settle: per-currency plans in the documented JSON shape")
    func settle() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        let json = try await cli.json("settle")
        #expect(json.keys == ["trip", "me", "settlements"])
        #expect(json["trip"].keys == ["id", "name"])
        let settlements = json["settlements"].array
        #expect(settlements.compactMap { $0["currency"].string } == ["JPY", "USD"])
        let jpy = settlements[0]
        #expect(jpy.keys == ["currency", "balances", "transfers"])
        #expect(jpy["transfers"][0].keys == ["fromId", "fromName", "toId", "toName", "amount"])
        #expect(transferList(jpy) == ["Alex→Chen 2000.0", "Alex→Dana 1000.0", "Bea→Chen 12500.0"])
        expectTransfersSettle(jpy, scale: 1)
        #expect(transferList(settlements[1]) == ["Bea→Alex 2.63", "Chen→Alex 2.62"])
        expectTransfersSettle(settlements[1], scale: 100)

        let raw = try await cli.run("settle", "--json").stdout
        #expect(raw.contains(#""toName":"Alex","amount":2.63}"#))

        let text = try await cli.ok("settle").stdout
        #expect(text == """
            JPY: 3 transfers
              FROM        TO    AMOUNT
              Alex  pays  Chen    2000
              Alex  pays  Dana    1000
              Bea   pays  Chen   12500
            USD: 2 transfers
              FROM        TO    AMOUNT
              Bea   pays  Alex    2.63
              Chen  pays  Alex    2.62

            """)
    }

    @Test("nets {−4, −3, −3, +4, +6} settle in exactly 3 transfers")
    func minimalTransfers() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Ann", "Ben", "Cat", "Dan", "Eve"])
        try await cli.ok("add-expense", "Groceries", "10000", "--paid-by", "Dan", "--exact", "Ann=4000,Ben=3000,Cat=3000")
        try await cli.ok("add-expense", "Fuel", "6000", "--paid-by", "Eve", "--exact", "Dan=6000")
        #expect(try await cli.nets()["JPY"] == ["Ann": -4000, "Ben": -3000, "Cat": -3000, "Dan": 4000, "Eve": 6000])
        let settlement = try await cli.json("settle")["settlements"][0]
        #expect(settlement["transfers"].count == 3)
        #expect(transferList(settlement) == ["Ann→Dan 4000.0", "Ben→Eve 3000.0", "Cat→Eve 3000.0"])
        expectTransfersSettle(settlement, scale: 1)
        #expect(try await cli.ok("settle").stdout.hasPrefix("JPY: 3 transfers\n"))
    }

    @Test("settle --in without a rate names the command to set one; with it, one plan in JPY")
    func settleInCurrency() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        try await cli.run("settle", "--in", "JPY").expectError(65, "no exchange rate for USD", "split trip rate USD")
        try await cli.run("settle", "--in", "EUR").expectError(65, "no exchange rate for EUR", "split trip rate EUR")

        try await cli.ok("trip", "rate", "USD", "150.25")
        let json = try await cli.json("settle", "--in", "JPY")
        let settlements = json["settlements"].array
        #expect(settlements.count == 1)
        let jpy = settlements[0]
        #expect(jpy["currency"].string == "JPY")
        var nets: [String: Int] = [:]
        for balance in jpy["balances"].array {
            nets[balance["memberName"].string ?? "?"] = balance["netBalance"].int
        }
        // USD 5.25 × 150.25 = 788.8125 → Alex −3000 + 789 = −2211; the nets still sum to zero.
        #expect(nets == ["Alex": -2211, "Bea": -12895, "Chen": 14106, "Dana": 1000])
        #expect(transferList(jpy) == ["Alex→Chen 1211.0", "Alex→Dana 1000.0", "Bea→Chen 12895.0"])
        expectTransfersSettle(jpy, scale: 1)
        let text = try await cli.ok("settle", "--in", "jpy").stdout
        #expect(text.hasPrefix("JPY: 3 transfers\n"))
        // USD appears only in the closing line that names the rate used.
        let lines = text.split(separator: "\n")
        #expect(lines.last == "Rates used (split trip rate): 1 USD = 150.25 JPY.", "\(text)")
        #expect(!lines.dropLast().contains { $0.contains("USD") }, "\(text)")

        // Into USD: only the USD rate is needed, and it is set.
        let usd = try await cli.json("settle", "--in", "USD")["settlements"].array
        #expect(usd.count == 1)
        #expect(usd.first?["currency"].string == "USD")
        if let plan = usd.first { expectTransfersSettle(plan, scale: 100) }
    }

    @Test("settle after paying back shows everyone settled")
    func settled() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Alex", "Bea"])
        try await cli.ok("add-expense", "Dinner", "1000", "--paid-by", "Alex")
        #expect(transferList(try await cli.json("settle")["settlements"][0]) == ["Bea→Alex 500.0"])
        try await cli.ok("pay", "Bea", "Alex", "500")
        #expect(try await cli.ok("settle").stdout == "JPY: everyone is settled.\n")
        #expect(try await cli.json("settle")["settlements"][0]["transfers"].count == 0)
    }

    @Test("summary totals per currency, member and category")
    func summary() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        try await cli.ok("add-expense", "Ramen", "2000", "--paid-by", "Bea", "--category", "Meal")
        let json = try await cli.json("summary")
        #expect(json["trip"]["name"].string == "Tokyo Trip")
        let currencies = json["currencies"].array
        #expect(currencies.compactMap { $0["currency"].string } == ["JPY", "USD"])
        let jpy = currencies[0]
        #expect(jpy["total"].int == 62000)
        #expect(jpy["expenses"].int == 5)
        let byCategory = Dictionary(uniqueKeysWithValues: jpy["byCategory"].array.map {
            ($0["category"].string ?? "?", ($0["total"].int ?? -1, $0["expenses"].int ?? -1))
        })
        #expect(byCategory["Meal"]?.0 == 2000 && byCategory["Meal"]?.1 == 1)
        #expect(byCategory["Other"]?.0 == 60000 && byCategory["Other"]?.1 == 4)
        let bea = try #require(jpy["byMember"].array.first { $0["memberName"].string == "Bea" })
        #expect(bea["paid"].int == 5000)
        #expect(bea["share"].int == 16000)
        #expect(currencies[1]["total"].double == 10.5)

        let text = try await cli.ok("summary").stdout
        #expect(text.contains("JPY: 62000 in 5 expenses\n"))
        #expect(text.contains("USD: 10.50 in 1 expense\n"))
        #expect(text.contains("  Meal       2000      1\n"))
    }
}
