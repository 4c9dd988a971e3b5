import Foundation
import Testing

@Suite("split expense show|edit|delete")
struct ExpenseEditTests {
    @Test("expense show by a 6-character prefix, in text and JSON")
    func show() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex", "--category", "Meal", "--note", "izakaya")
        let id = try await cli.expenseID("Dinner")

        let text = try await cli.ok("expense", "show", String(id.prefix(6)))
        #expect(text.stdout.hasPrefix("Dinner: JPY 12000, Meal, 2025-01-20\nPaid by Alex\nSplit: equal among Alex, Bea, Chen, Dana\n"))
        #expect(text.stdout.contains("Alex     3000  (payer)"))
        #expect(text.stdout.contains("Bea      3000  no"))
        #expect(text.stdout.contains("Note: izakaya\n"))
        // Shares are listed in name order.
        let rows = text.stdout.split(separator: "\n").dropFirst(4).prefix(4).map { $0.split(separator: " ").first.map(String.init) }
        #expect(rows == ["Alex", "Bea", "Chen", "Dana"])
        #expect(text.stdout.hasSuffix("Id: \(id)\n"))

        let json = try await cli.json("expense", "show", id.uppercased())
        #expect(json["expense"]["id"].string == id)
        #expect(json["expense"]["note"].string == "izakaya")
        #expect(shares(json["expense"]) == ["Alex": 3000, "Bea": 3000, "Chen": 3000, "Dana": 3000])
        try await cli.run("expense", "show", String(id.prefix(3))).expectError(65, "an id prefix needs at least 4 characters")
    }

    @Test("editing the amount of an equal split re-splits it equally among the same members")
    func editAmountEqual() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
        let id = try await cli.expenseID("Taxi")
        let edited = try await cli.ok("expense", "edit", String(id.prefix(8)), "--amount", "3001")
        #expect(edited.stdout.hasPrefix("Updated expense \(id.prefix(8)).\nTaxi: JPY 3001"))
        let taxi = try #require(try await cli.expenses().first)
        #expect(taxi["id"].string == id)
        #expect(taxi["amount"].int == 3001)
        #expect(shares(taxi) == ["Bea": 1501, "Chen": 1500])
        #expect(try await cli.nets()["JPY"]?["Chen"] == -1500)
    }

    @Test("editing fields keeps the rest; flags of add-expense work")
    func editFields() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex", "--note", "first")
        let id = try await cli.expenseID("Dinner")
        let prefix = String(id.prefix(6))

        let json = try await cli.json("expense", "edit", prefix, "--description", "Supper", "--category", "Meal",
                                "--date", "2025-01-19")
        #expect(json["expense"]["description"].string == "Supper")
        #expect(json["expense"]["category"].string == "Meal")
        #expect(json["expense"]["expenseDate"].string == "2025-01-19")
        #expect(json["expense"]["note"].string == "first")
        #expect(json["expense"]["paidByName"].string == "Alex")
        #expect(shares(json["expense"]) == ["Alex": 3000, "Bea": 3000, "Chen": 3000, "Dana": 3000])

        try await cli.ok("expense", "edit", prefix, "--paid-by", "Chen", "--exact", "Alex=2000,Bea=10000")
        var stored = try #require(try await cli.expenses().first)
        #expect(stored["paidByName"].string == "Chen")
        #expect(shares(stored) == ["Alex": 2000, "Bea": 10000])
        #expect(stored["description"].string == "Supper")

        try await cli.ok("expense", "edit", prefix, "--amount", "10", "--currency", "USD", "--percent", "Alex=50,Bea=50",
                   "--note", "")
        stored = try #require(try await cli.expenses().first)
        #expect(stored["currency"].string == "USD")
        #expect(stored["amount"].double == 10)
        #expect(shares(stored) == ["Alex": 5, "Bea": 5])
        #expect(stored["note"].isNull)
        #expect(try await cli.expenseCount() == 1)
        #expect(try await cli.nets()["JPY"] == nil)
        #expect(try await cli.nets()["USD"]?["Chen"] == 10)
    }

    @Test("edit refusals leave the expense unchanged")
    func editRefusals() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Hotel", "40000", "--paid-by", "Chen", "--exact", "Alex=10000,Bea=10000,Chen=20000")
        let id = String(try await cli.expenseID("Hotel").prefix(8))
        let before = try await cli.snapshot()
        try await cli.run("expense", "edit", id).expectUsageError("nothing to change")
        try await cli.run("expense", "edit", id, "--amount", "50000").expectError(64, "the old split was exact amounts")
        try await cli.run("expense", "edit", id, "--currency", "USD").expectError(65, "give the amount again")
        try await cli.run("expense", "edit", id, "--amount", "-1").expectError(65, "negative")
        try await cli.run("expense", "edit", id, "--amount", "0").expectError(65, "greater than zero")
        try await cli.run("expense", "edit", id, "--exact", "Alex=1").expectError(65, "short of the amount 40000")
        try await cli.run("expense", "edit", id, "--paid-by", "Zed").expectError(65, "no member 'Zed'")
        try await cli.run("expense", "edit", id, "--category", "Spa").expectError(65, "unknown category 'Spa'")
        try await cli.run("expense", "edit", id, "--description", " ").expectError(65, "description is empty")
        try await cli.run("expense", "edit", id, "--among", "Bea", "--shares", "Bea=1").expectError(64, "use only one of")
        #expect(try await cli.snapshot() == before)
    }

    @Test("an edit keeps paid marks of members still in the split")
    func editKeepsPaidMarks() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        let id = String(try await cli.expenseID("Dinner").prefix(8))
        try await cli.ok("mark-paid", id, "--member", "Bea")
        try await cli.ok("expense", "edit", id, "--amount", "8000")
        let dinner = try #require(try await cli.expenses().first)
        let bea = try #require(dinner["splits"].array.first { $0["memberName"].string == "Bea" })
        #expect(bea["isPaid"].bool == true)
        #expect(bea["amount"].int == 2000)
        #expect(dinner["splits"].array.filter { $0["isPaid"].bool == true }.count == 1)
    }

    @Test("expense delete removes it from listings and balances")
    func delete() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
        let taxi = try await cli.expenseID("Taxi")
        let text = try await cli.ok("expense", "delete", String(taxi.prefix(6)))
        #expect(text.stdout == "Deleted Taxi (JPY 3000). Undo with: split undo\n")
        #expect(try await cli.expenses().compactMap { $0["description"].string } == ["Dinner"])
        #expect(try await cli.nets()["JPY"] == ["Alex": 9000, "Bea": -3000, "Chen": -3000, "Dana": -3000])
        try await cli.run("expense", "show", String(taxi.prefix(8))).expectError(65, "no expense with id")

        let dinner = try await cli.expenseID("Dinner")
        let json = try await cli.json("expense", "delete", dinner)
        #expect(json["deleted"]["description"].string == "Dinner")
        #expect(try await cli.expenseCount() == 0)
        #expect(try await cli.ok("balances").stdout == "No expenses or payments yet; everyone is even.\n")
        #expect(try await cli.nets().isEmpty)
    }
}
