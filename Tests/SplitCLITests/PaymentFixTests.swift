import Foundation
import SplitTestSupport
import Testing

/// Payments can be seen and fixed: `payments`, `payment show|edit|delete`, their undo, the
/// warning on a mistyped amount, and the CSV export whose totals equal the balances.
@Suite("Payments you can see and fix")
struct PaymentFixTests {
    /// Tokyo with a dinner Alex paid and a payment from Bea to Alex; returns the payment's id.
    private func tripWithPayment(_ cli: CLI) async throws -> String {
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        return try #require(try await cli.json("pay", "Bea", "Alex", "3000", "--note", "cash")["payment"]["id"].string)
    }

    @Test("payments lists them; show, edit and delete find one by a prefix; undo reverts each")
    func listShowEditDelete() async throws {
        let cli = try CLI()
        let id = try await tripWithPayment(cli)
        let prefix = String(id.prefix(8))

        let list = try await cli.ok("payments").stdout
        #expect(list.contains(prefix) && list.contains("Bea") && list.contains("Alex") && list.contains("JPY 3000")
                && list.contains("cash"), "\(list)")
        let listed = try await cli.json("payments")
        #expect(listed["trip"]["name"].string == "Tokyo Trip")
        #expect(listed["payments"].array.map { $0["id"].string } == [id])

        let shown = try await cli.ok("payment", "show", prefix).stdout
        #expect(shown == "Bea paid Alex JPY 3000 on \(fixedToday)\nNote: cash\nId: \(id)\n")

        let edited = try await cli.json("payment", "edit", prefix, "--amount", "2500", "--to", "Chen", "--note", "")
        #expect(edited["payment"]["id"].string == id)
        #expect(edited["payment"]["toName"].string == "Chen" && edited["payment"]["amount"].int == 2500)
        #expect(edited["payment"]["note"].isNull)
        #expect(try await cli.nets()["JPY"] == ["Alex": 9000, "Bea": -500, "Chen": -5500, "Dana": -3000])

        try await cli.ok("undo")
        #expect(try await cli.nets()["JPY"] == ["Alex": 6000, "Bea": 0, "Chen": -3000, "Dana": -3000])
        #expect(try await cli.json("payment", "show", prefix)["payment"]["note"].string == "cash")

        let deleted = try await cli.ok("payment", "delete", prefix).stdout
        #expect(deleted == "Deleted the payment Bea paid Alex JPY 3000 on \(fixedToday). Undo with: split undo\n")
        #expect(try await cli.json("payments")["payments"].array.isEmpty)
        #expect(try await cli.nets()["JPY"]?["Bea"] == -3000)
        try await cli.ok("undo")
        #expect(try await cli.json("payments")["payments"].array.map { $0["id"].string } == [id])
        let log = try await cli.json("log")["activity"].array.compactMap { $0["summary"].string }
        #expect(log.prefix(2) == ["deleted payment: Bea paid Alex JPY 3000",
                                  "edited payment: Bea paid Alex JPY 3000 → Bea paid Chen JPY 2500"])
    }

    @Test("a wrong id, an expense's id, a short prefix or a bad edit is refused and writes nothing",
          arguments: [
              (["payment", "show", "abc"], Int32(65), "payment id 'abc' is too short"),
              (["payment", "delete", "ffffffff"], 65, "no payment with id 'ffffffff' in this trip; list them with: split payments"),
              (["payment", "edit", "EXPENSE", "--amount", "5"], 65, "'EXPENSE' is an expense, not a payment; see it with: split expense show EXPENSE"),
              (["expense", "delete", "PAYMENT"], 65, "'PAYMENT' is a payment, not an expense; see it with: split payment show PAYMENT"),
              (["payment", "edit", "PAYMENT", "--to", "Bea"], 65, "Bea cannot pay themselves"),
              (["payment", "edit", "PAYMENT", "--amount", "0"], 65, "amount"),
              (["payment", "edit", "PAYMENT", "--currency", "USD"], 65, "give the amount in USD with --amount"),
              (["payment", "edit", "PAYMENT", "--from", "Zed"], 65, "Zed"),
          ])
    func refusals(arguments: [String], code: Int32, message: String) async throws {
        let cli = try CLI()
        let payment = String(try await tripWithPayment(cli).prefix(8))
        let expense = String(try await cli.expenseID("Dinner").prefix(8))
        let before = try await cli.writeState().text + (try await cli.ok("payments", "--json").stdout)
        let given = arguments.map { $0 == "PAYMENT" ? payment : $0 == "EXPENSE" ? expense : $0 }
        let expected = message.replacingOccurrences(of: "PAYMENT", with: payment).replacingOccurrences(of: "EXPENSE", with: expense)
        try await cli.run(given).expectError(code, expected)
        #expect(try await cli.writeState().text + (try await cli.ok("payments", "--json").stdout) == before)
    }

    @Test("pay warns when the payer ends up owed more than they owed, and still records it")
    func overshootWarning() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let typo = try await cli.ok("pay", "Bea", "Alex", "99999")
        #expect(typo.stderr == "split: warning: Bea owed JPY 3000; after this payment Bea is owed JPY 96999. "
                + "Check the amount; undo with: split undo\n")
        #expect(try await cli.nets()["JPY"]?["Bea"] == 96999)
        try await cli.ok("undo")
        // Settling exactly, or part of it, or a little over, is no typo.
        for amount in ["3000", "2000"] {
            #expect(try await cli.ok("pay", "Chen", "Alex", amount).stderr.isEmpty)
        }
        #expect(try await cli.ok("pay", "Dana", "Alex", "5999").stderr.isEmpty)
    }

    @Test("the CSV holds payments and paid-back shares: per currency, paid minus share is each net")
    func csvTotalsEqualBalances() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        try await cli.ok("add-expense", "Ryokan", "9001", "--paid-by", "Chen=6001,Dana=3000", "--among", "Alex,Bea,Chen")
        try await cli.ok("mark-paid", String(try await cli.expenseID("Ryokan").prefix(8)), "--member", "Alex")
        try await cli.ok("mark-paid", String(try await cli.expenseID("Taxi").prefix(8)), "--member", "Chen")
        try await cli.ok("pay", "Dana", "Alex", "1234")
        try await cli.ok("pay", "Bea", "Alex", "2.25", "--currency", "USD")
        let lines = try await cli.ok("export", "--format", "csv").stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let header = lines[0].components(separatedBy: ",")
        let currencyColumn = try #require(header.firstIndex(of: "currency"))
        var totals: [String: [String: Decimal]] = [:]
        for line in lines.dropFirst() {
            let cells = line.components(separatedBy: ",")
            try #require(cells.count == header.count, "a cell with a comma in the fixture: \(line)")
            for (column, name) in header.enumerated() where column > header.firstIndex(of: "paid shares")! && !cells[column].isEmpty {
                let value = try #require(Decimal(string: cells[column]))
                let member = name.hasPrefix("paid: ") ? String(name.dropFirst(6)) : name
                totals[cells[currencyColumn], default: [:]][member, default: 0] += name.hasPrefix("paid: ") ? value : -value
            }
        }
        #expect(lines.contains { $0.hasSuffix(",Payment,Payment,JPY,1234,Dana,,,1234,,,,,,,1234") }, "\(lines)")
        #expect(lines.contains { $0.contains(",Repaid share of Taxi,Repaid share,JPY,1500,Chen,") }, "\(lines)")
        for (currency, nets) in try await cli.nets() {
            for (member, net) in nets {
                #expect(NSDecimalNumber(decimal: totals[currency]?[member] ?? 0).doubleValue == net, "\(currency) \(member)")
            }
        }
    }
}
