import Foundation
import SplitTestSupport
import Testing

/// `[memberName: share]` of one expense's JSON.
func shares(_ expense: JSON) -> [String: Double] {
    var result: [String: Double] = [:]
    for split in expense["splits"].array {
        result[split["memberName"].string ?? "?"] = split["amount"].double
    }
    return result
}

@Suite("split add-expense and split expenses")
struct AddExpenseTests {
    @Test("the spec's five examples split as documented")
    func specExamples() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        let all = try await cli.expenses()
        #expect(all.count == 5)
        func expense(_ name: String) async throws -> JSON {
            try #require(all.first { $0["description"].string == name }, "no \(name)")
        }

        let dinner = try await expense("Dinner")
        #expect(dinner["amount"].double == 12000)
        #expect(dinner["currency"].string == "JPY")
        #expect(dinner["paidByName"].string == "Alex")
        #expect(shares(dinner) == ["Alex": 3000, "Bea": 3000, "Chen": 3000, "Dana": 3000])

        #expect(shares(try await expense("Taxi")) == ["Bea": 1500, "Chen": 1500])
        #expect(shares(try await expense("Hotel")) == ["Alex": 10000, "Bea": 10000, "Chen": 20000])
        #expect(shares(try await expense("Museum")) == ["Alex": 2000, "Bea": 1000, "Chen": 1000, "Dana": 1000])

        let lunch = try await expense("Lunch")
        #expect(lunch["amount"].double == 10.5)
        #expect(lunch["currency"].string == "USD")
        #expect(lunch["category"].string == "Meal")
        #expect(lunch["expenseDate"].string == "2025-01-20")
        #expect(lunch["note"].string == "ramen")
        #expect(shares(lunch) == ["Alex": 5.25, "Bea": 2.63, "Chen": 2.62])

        // Amounts are written exactly as JSON numbers in major units.
        let raw = try await cli.run("expenses", "--json", "--currency", "USD").stdout
        #expect(raw.contains(#""amount":10.5,"currency":"USD""#))
        #expect(raw.contains(#""memberName":"Bea","amount":2.63,"isPaid":false"#))
        #expect(raw.contains(#""memberName":"Chen","amount":2.62,"isPaid":false"#))
        let jpy = try await cli.run("expenses", "--json", "--currency", "JPY").stdout
        #expect(jpy.contains(#""amount":3000,"#))
        #expect(!jpy.contains("3000.0"))
    }

    @Test("add-expense prints what it recorded; --json gives the expense")
    func output() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let text = try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        #expect(text.stdout.hasPrefix("Added Dinner: JPY 12000 paid by Alex [Alex 3000, Bea 3000, Chen 3000, Dana 3000] id "))
        #expect(text.stdout.split(separator: "\n").count == 1)

        let json = try await cli.json("add-expense", "Lunch", "10.5", "--currency", "usd", "--paid-by", "Bea", "--among", "Bea,Chen")
        let expense = json["expenses"][0]
        #expect(json["expenses"].count == 1)
        #expect(expense.keys == ["id", "description", "amount", "currency", "category", "paidByMemberId", "paidByName",
                                 "payers", "expenseDate", "createdAt", "note", "splits"])
        #expect(expense["payers"][0].keys == ["memberId", "memberName", "amount"])
        #expect(expense["splits"][0].keys == ["memberId", "memberName", "amount", "isPaid"])
        #expect(expense["currency"].string == "USD")
        #expect(shares(expense) == ["Bea": 5.25, "Chen": 5.25])
        #expect(expense["category"].string == "Other")
        #expect(expense["expenseDate"].string == fixedToday)
        #expect(expense["createdAt"].string == "2025-01-20T09:00:00.000Z")
        #expect(expense["note"].isNull)
        #expect(expense["paidByMemberId"].string?.count == 36)
        // The stored expense is the one printed.
        let stored = try await cli.expenses().first { $0["description"].string == "Lunch" }
        #expect(stored?["id"].string == expense["id"].string)
    }

    @Test("equal remainders go one minor unit at a time, ties by name")
    func remainders() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Snack", "100", "--paid-by", "Dana", "--among", "Chen,Alex,Bea")
        #expect(shares(try #require(try await cli.expenses().first)) == ["Alex": 34, "Bea": 33, "Chen": 33])
        try await cli.ok("add-expense", "Coffee", "0.05", "--currency", "EUR", "--paid-by", "Dana")
        let coffee = try #require(try await cli.expenses(["--currency", "EUR"]).first)
        #expect(shares(coffee) == ["Alex": 0.02, "Bea": 0.01, "Chen": 0.01, "Dana": 0.01])
    }

    @Test("a percent split rounds to exact cents and a zero exact share is allowed")
    func percentAndZeroShares() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Gift", "100", "--currency", "USD", "--paid-by", "Alex",
                   "--percent", "Alex=33.333333,Bea=33.333333,Chen=33.333334")
        let gift = try #require(try await cli.expenses().first)
        let values = shares(gift).values.map { Int(($0 * 100).rounded()) }
        #expect(values.reduce(0, +) == 10000)
        #expect(Set(values) == [3333, 3334])

        try await cli.ok("add-expense", "Cab", "3000", "--paid-by", "Bea", "--exact", "Bea=3000,Chen=0")
        let cab = try #require(try await cli.expenses().first { $0["description"].string == "Cab" })
        #expect(shares(cab) == ["Bea": 3000, "Chen": 0])
    }

    @Test("10^13 minor units are accepted and printed exactly")
    func largeAmount() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let added = try await cli.ok("add-expense", "Yacht", "10000000000000", "--paid-by", "Alex")
        #expect(added.stdout.contains("JPY 10000000000000"))
        let raw = try await cli.run("expenses", "--json").stdout
        #expect(raw.contains(#""amount":10000000000000,"#))
        #expect(raw.contains(#""amount":2500000000000,"#))
        let nets = try await cli.nets()
        #expect(nets["JPY"]?["Alex"] == 7_500_000_000_000)
        // A USD amount of 10^13 cents as well.
        try await cli.ok("add-expense", "Bond", "100000000000.00", "--currency", "USD", "--paid-by", "Bea", "--among", "Bea")
        #expect(try await cli.run("expenses", "--json", "--currency", "USD").stdout.contains(#""amount":100000000000,"#))
    }

    @Test("defaults: trip currency, category Other, today, no note; names resolve case-insensitively")
    func defaults() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "  Ramen  ", "900", "--paid-by", "bea", "--category", "meal", "--note", "  ")
        let ramen = try #require(try await cli.expenses().first)
        #expect(ramen["description"].string == "Ramen")
        #expect(ramen["currency"].string == "JPY")
        #expect(ramen["category"].string == "Meal")
        #expect(ramen["expenseDate"].string == fixedToday)
        #expect(ramen["note"].isNull)
        #expect(ramen["paidByName"].string == "Bea")
    }

    @Test("expenses lists newest expense date first, in text and JSON")
    func listing() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        #expect(try await cli.ok("expenses").stdout.contains("No expenses yet"))
        try await cli.ok("add-expense", "Middle", "300", "--paid-by", "Alex", "--date", "2025-01-15")
        try await cli.ok("add-expense", "Oldest", "100", "--paid-by", "Alex", "--date", "2025-01-10")
        try await cli.ok("add-expense", "Newest", "200", "--paid-by", "Bea", "--date", "2025-01-18", "--among", "Bea,Chen")
        let order = try await cli.expenses().compactMap { $0["description"].string }
        #expect(order == ["Newest", "Middle", "Oldest"])

        let text = try await cli.ok("expenses")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5 && lines[4] == "Total JPY: ¥600 in 3 expenses", "\(lines)")
        #expect(lines[0].contains("DATE") && lines[0].contains("SPLIT AMONG"))
        #expect(lines[1].contains("2025-01-18") && lines[1].contains("Newest") && lines[1].contains("JPY 200")
                && lines[1].contains("Bea, Chen"))
        #expect(lines[2].contains("Middle") && lines[2].contains("Alex, Bea, Chen, Dana"))
        #expect(lines[3].contains("Oldest"))
    }

    @Test("expenses filters: --member --category --currency --since --until")
    func filters() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Sushi", "8000", "--paid-by", "Alex", "--category", "Meal", "--date", "2025-01-12")
        try await cli.ok("add-expense", "Train", "2000", "--paid-by", "Bea", "--among", "Bea,Chen", "--category", "Transport",
                   "--date", "2025-01-14")
        try await cli.ok("add-expense", "Souvenir", "25", "--currency", "USD", "--paid-by", "Chen", "--among", "Chen",
                   "--category", "Shopping", "--date", "2025-01-16")
        func names(_ filter: String...) async throws -> [String] {
            try await cli.expenses(filter).compactMap { $0["description"].string }
        }
        #expect(try await names("--member", "Chen") == ["Souvenir", "Train", "Sushi"])
        #expect(try await names("--member", "alex") == ["Sushi"])
        #expect(try await names("--member", "Dana") == ["Sushi"])
        #expect(try await names("--category", "transport") == ["Train"])
        #expect(try await names("--currency", "USD") == ["Souvenir"])
        #expect(try await names("--since", "2025-01-14") == ["Souvenir", "Train"])
        #expect(try await names("--until", "2025-01-14") == ["Train", "Sushi"])
        #expect(try await names("--since", "2025-01-13", "--until", "2025-01-15") == ["Train"])
        #expect(try await names("--member", "Bea", "--currency", "JPY", "--category", "Meal") == ["Sushi"])
        #expect(try await names("--category", "Hotel") == [])
        #expect(try await cli.ok("expenses", "--category", "Hotel").stdout.contains("No expenses match"))

        try await cli.run("expenses", "--category", "Food").expectError(65, "unknown category 'Food'", "Meal, Transport")
        try await cli.run("expenses", "--member", "Zed").expectError(65, "no member 'Zed'")
        try await cli.run("expenses", "--currency", "ZZZ").expectError(65, "unknown currency")
        try await cli.run("expenses", "--since", "2025-13-01").expectError(65, "date '2025-13-01' does not exist; did you mean 2025-01-13?")
        try await cli.run("expenses", "--since", "2025-01-20", "--until", "2025-01-10").expectError(65, "is after --until")
    }
}
