import Foundation
import SplitTestSupport
import Testing

@Suite("split pay and split mark-paid")
struct PaymentsTests {
    @Test("pay records a reimbursement that moves balances")
    func pay() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let text = try await cli.ok("pay", "Bea", "Alex", "3000")
        #expect(text.stdout == "Recorded: Bea paid Alex JPY 3000.\n")
        #expect(try await cli.nets()["JPY"] == ["Alex": 6000, "Bea": 0, "Chen": -3000, "Dana": -3000])

        let balances = try await cli.json("balances")["balances"][0]["balances"].array
        let alex = try #require(balances.first { $0["memberName"].string == "Alex" })
        let bea = try #require(balances.first { $0["memberName"].string == "Bea" })
        #expect(alex["paymentsReceived"].int == 3000)
        #expect(bea["paymentsMade"].int == 3000)

        let plan = try await cli.json("settle")["settlements"][0]
        #expect(transferList(plan) == ["Chen→Alex 3000.0", "Dana→Alex 3000.0"])
    }

    @Test("pay --json, --currency, --note and --date")
    func payOptions() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let json = try await cli.json("pay", "chen", "DANA", "12.30", "--currency", "usd", "--note", " cash at the station ",
                                "--date", "2025-01-19")
        let payment = json["payment"]
        #expect(payment.keys == ["id", "fromId", "fromName", "toId", "toName", "amount", "currency", "date", "note"])
        #expect(payment["fromName"].string == "Chen")
        #expect(payment["toName"].string == "Dana")
        #expect(payment["amount"].double == 12.3)
        #expect(payment["currency"].string == "USD")
        #expect(payment["date"].string == "2025-01-19")
        #expect(payment["note"].string == "cash at the station")
        #expect(try await cli.nets()["USD"] == ["Alex": 0, "Bea": 0, "Chen": 12.3, "Dana": -12.3])

        let plain = try await cli.json("pay", "Bea", "Alex", "3000", "--currency", "JPY")
        #expect(plain["payment"]["date"].string == fixedToday)
        #expect(plain["payment"]["note"].isNull)
        #expect(plain["payment"]["currency"].string == "JPY")
        #expect(try await cli.nets()["JPY"]?["Bea"] == 3000)
        let log = try await cli.json("log")["activity"].array.compactMap { $0["summary"].string }
        #expect(log.prefix(2) == ["Bea paid Alex JPY 3000", "Chen paid Dana USD 12.30"])
    }

    @Test("mark-paid and --unpaid change the share's state and the balances")
    func markPaid() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let id = try await cli.expenseID("Dinner")

        let text = try await cli.ok("mark-paid", String(id.prefix(6)), "--member", "bea")
        #expect(text.stdout == "Marked Bea's share of Dinner (JPY 3000) paid.\n")
        let dinner = try #require(try await cli.expenses().first)
        let paid = dinner["splits"].array.filter { $0["isPaid"].bool == true }.compactMap { $0["memberName"].string }
        #expect(paid == ["Bea"])
        #expect(try await cli.nets()["JPY"] == ["Alex": 6000, "Bea": 0, "Chen": -3000, "Dana": -3000])

        let again = try await cli.ok("mark-paid", String(id.prefix(6)), "--member", "Bea")
        #expect(again.stdout == "Bea's share of Dinner was already paid.\n")
        let againJSON = try await cli.json("mark-paid", id, "--member", "Bea")
        #expect(againJSON["changed"].bool == false)
        #expect(againJSON["isPaid"].bool == true)

        let unpaid = try await cli.json("mark-paid", String(id.prefix(8)), "--member", "Bea", "--unpaid")
        #expect(unpaid.keys == ["trip", "expenseId", "memberId", "memberName", "isPaid", "changed"])
        #expect(unpaid["expenseId"].string == id)
        #expect(unpaid["memberName"].string == "Bea")
        #expect(unpaid["isPaid"].bool == false)
        #expect(unpaid["changed"].bool == true)
        #expect(try await cli.nets()["JPY"] == ["Alex": 9000, "Bea": -3000, "Chen": -3000, "Dana": -3000])
        #expect(try await cli.expenses()[0]["splits"].array.allSatisfy { $0["isPaid"].bool == false })
    }

    @Test("mark-paid refuses the payer and members without a share")
    func markPaidRefusals() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
        let id = String(try await cli.expenseID("Taxi").prefix(8))
        let before = try await cli.snapshot()
        try await cli.run("mark-paid", id, "--member", "Bea").expectError(65, "Bea paid for 'Taxi'", "needs no paying back")
        try await cli.run("mark-paid", id, "--member", "Alex").expectError(65, "Alex has no share in 'Taxi'", "Bea, Chen")
        try await cli.run("mark-paid", id, "--member", "Zed").expectError(65, "no member 'Zed'")
        try await cli.run("mark-paid", "abc", "--member", "Chen").expectError(65, "an id prefix needs at least 4 characters")
        #expect(try await cli.snapshot() == before)
    }
}
