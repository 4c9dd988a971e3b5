import Foundation
import Testing

@Suite("split trip")
struct TripCommandTests {
    @Test("trip create makes the trip current; text and JSON output")
    func create() throws {
        let cli = try CLI()
        let text = try cli.ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        #expect(text.stdout == "Created trip Tokyo Trip (JPY); it is now the current trip.\n")

        let created = try cli.json("trip", "create", "Paris", "--currency", "eur")
        #expect(created["trip"]["name"].string == "Paris")
        #expect(created["trip"]["currency"].string == "EUR")
        #expect(created["trip"]["id"].string?.count == 36)

        // The newest trip is current: members go to Paris.
        try cli.ok("member", "add", "Alex")
        let shown = try cli.json("trip", "show")
        #expect(shown["trip"]["name"].string == "Paris")
        #expect(shown["trip"]["id"].string == created["trip"]["id"].string)
        #expect(shown["trip"]["members"].array.compactMap { $0["name"].string } == ["Alex"])
    }

    @Test("trip create defaults to USD")
    func createDefaultCurrency() throws {
        let cli = try CLI()
        let created = try cli.json("trip", "create", "Road Trip")
        #expect(created["trip"]["currency"].string == "USD")
    }

    @Test("trip names are unique, case-insensitively")
    func duplicateTripName() throws {
        let cli = try CLI()
        try cli.ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        try cli.run("trip", "create", "tokyo trip").expectError(65, "already exists", "case-insensitive")
        #expect(try cli.json("trip", "list")["trips"].count == 1)
    }

    @Test("trip create refuses an unknown currency and an empty name")
    func createRefusals() throws {
        let cli = try CLI()
        try cli.run("trip", "create", "X", "--currency", "ABC").expectError(65, "unknown currency 'ABC'")
        try cli.run("trip", "create", "   ").expectError(65, "invalid trip name", "empty")
        #expect(try cli.json("trip", "list")["trips"].count == 0)
    }

    @Test("trip list: text marks the current trip, JSON has counts")
    func list() throws {
        let cli = try CLI()
        let empty = try cli.ok("trip", "list")
        #expect(empty.stdout.contains("No trips yet"))
        #expect(try cli.json("trip", "list")["trips"].count == 0)

        try cli.setUpTokyo()
        try cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try cli.ok("trip", "create", "Paris", "--currency", "EUR")
        try cli.ok("trip", "use", "Tokyo Trip")

        let text = try cli.ok("trip", "list")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("NAME") && lines[0].contains("CURRENCY"))
        #expect(lines[1].contains("Paris") && !lines[1].hasPrefix("  *"))
        #expect(lines[2].contains("Tokyo Trip") && lines[2].hasPrefix("  *"))

        let trips = try cli.json("trip", "list")["trips"].array
        #expect(trips.map { $0["name"].string } == ["Paris", "Tokyo Trip"])
        let tokyo = try #require(trips.first { $0["name"].string == "Tokyo Trip" })
        #expect(tokyo["currency"].string == "JPY")
        #expect(tokyo["members"].int == 4)
        #expect(tokyo["expenses"].int == 1)
        #expect(tokyo["current"].bool == true)
        #expect(tokyo["createdAt"].string == "2025-01-20T09:00:00.000Z")
        #expect(trips.first { $0["name"].string == "Paris" }?["current"].bool == false)
    }

    @Test("trip use switches the current trip; --trip acts on another without switching")
    func useAndTripFlag() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        let paris = try cli.json("trip", "create", "Paris", "--currency", "EUR")
        let parisID = try #require(paris["trip"]["id"].string)

        let used = try cli.ok("trip", "use", "tokyo trip")
        #expect(used.stdout == "Now using trip Tokyo Trip.\n")
        #expect(try cli.json("trip", "show")["trip"]["name"].string == "Tokyo Trip")

        // --trip by name and by id prefix, without changing the current trip.
        try cli.ok("member", "add", "Zoe", "--trip", "Paris")
        try cli.ok("add-expense", "Cafe", "4.20", "--paid-by", "Zoe", "--trip", String(parisID.prefix(8)))
        let parisExpenses = try cli.expenses(["--trip", "Paris"])
        #expect(parisExpenses.count == 1)
        #expect(parisExpenses.first?["currency"].string == "EUR")
        #expect(try cli.expenseCount() == 0)
        #expect(try cli.json("trip", "show")["trip"]["name"].string == "Tokyo Trip")

        // use by id prefix.
        let byID = try cli.json("trip", "use", String(parisID.prefix(6)))
        #expect(byID["trip"]["name"].string == "Paris")
        #expect(try cli.json("trip", "show")["trip"]["id"].string == parisID)
    }

    @Test("an unknown trip lists the existing ones")
    func unknownTrip() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.ok("trip", "create", "Paris")
        try cli.run("trip", "use", "Berlin").expectError(65, "no trip 'Berlin'", "Paris", "Tokyo Trip")
        try cli.run("expenses", "--trip", "Berlin").expectError(65, "no trip 'Berlin'")
        #expect(try cli.json("trip", "show")["trip"]["name"].string == "Paris")
    }

    @Test("commands needing a trip say how to create or pick one")
    func noTrip() throws {
        let cli = try CLI()
        try cli.run("member", "add", "Alex").expectError(65, "no trip yet", "split trip create")
        try cli.run("expenses").expectError(65, "no trip yet")

        try cli.ok("trip", "create", "A")
        try cli.ok("trip", "create", "B")
        try cli.ok("trip", "delete", "B", "--yes")
        // A still exists but is not current any more.
        try cli.run("balances").expectError(65, "no current trip", "split trip use", "A")
    }

    @Test("trip show: text and JSON with members, rates and counts")
    func show() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try cli.ok("trip", "rate", "USD", "150.25")

        let text = try cli.ok("trip", "show")
        #expect(text.stdout.contains("Trip:     Tokyo Trip\n"))
        #expect(text.stdout.contains("Currency: JPY\n"))
        #expect(text.stdout.contains("Members:  Alex, Bea, Chen, Dana\n"))
        #expect(text.stdout.contains("Expenses: 1\n"))
        #expect(text.stdout.contains("Rates:    1 USD = 150.25 JPY\n"))

        let trip = try cli.json("trip", "show")["trip"]
        #expect(trip.keys == ["id", "name", "currency", "createdAt", "expenses", "members", "rates"])
        #expect(trip["currency"].string == "JPY")
        #expect(trip["expenses"].int == 1)
        #expect(trip["members"].array.compactMap { $0["name"].string } == ["Alex", "Bea", "Chen", "Dana"])
        #expect(trip["members"][0].keys == ["id", "name"])
        #expect(trip["rates"].array.count == 1)
        #expect(trip["rates"][0]["currency"].string == "USD")
        #expect(trip["rates"][0]["rate"].double == 150.25)
    }

    @Test("trip rename, refusing a name already taken")
    func rename() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.ok("trip", "create", "Paris")
        let renamed = try cli.ok("trip", "rename", "Tokyo Trip", "Japan 2025")
        #expect(renamed.stdout == "Renamed trip Tokyo Trip to Japan 2025.\n")
        let names = try cli.json("trip", "list")["trips"].array.compactMap { $0["name"].string }
        #expect(names == ["Japan 2025", "Paris"])
        let json = try cli.json("trip", "rename", "paris", "Paris 2025")
        #expect(json["trip"]["name"].string == "Paris 2025")

        try cli.run("trip", "rename", "Japan 2025", "PARIS 2025").expectError(65, "already exists")
        try cli.run("trip", "rename", "Nowhere", "X").expectError(65, "no trip 'Nowhere'")
        let after = try cli.json("trip", "list")["trips"].array.compactMap { $0["name"].string }
        #expect(after == ["Japan 2025", "Paris 2025"])
    }

    @Test("trip delete needs --yes, then removes the trip and everything in it")
    func delete() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try cli.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea")

        try cli.run("trip", "delete", "Tokyo Trip").expectError(64, "removes its 2 expenses", "--yes")
        #expect(try cli.json("trip", "list")["trips"].count == 1)
        #expect(try cli.expenseCount() == 2)

        let deleted = try cli.json("trip", "delete", "tokyo trip", "--yes")
        #expect(deleted["deleted"]["name"].string == "Tokyo Trip")
        #expect(try cli.json("trip", "list")["trips"].count == 0)
        try cli.run("expenses").expectError(65, "no trip yet")
        try cli.run("trip", "delete", "Tokyo Trip", "--yes").expectError(65, "no trip 'Tokyo Trip'")

        // The name is free again and the new trip starts empty.
        try cli.setUpTokyo()
        #expect(try cli.expenseCount() == 0)
        #expect(try cli.json("balances")["balances"].count == 0)
    }

    @Test("trip rate sets, lists and refuses bad rates")
    func rate() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        #expect(try cli.ok("trip", "rate").stdout.contains("No rates set"))
        let set = try cli.ok("trip", "rate", "usd", "150.250")
        #expect(set.stdout == "Rate set: 1 USD = 150.25 JPY.\n")
        let json = try cli.json("trip", "rate", "EUR", "0162.5")
        #expect(json["currency"].string == "EUR")
        #expect(json["home"].string == "JPY")
        #expect(json["rate"].double == 162.5)

        let listed = try cli.ok("trip", "rate")
        #expect(listed.stdout == "1 EUR = 162.5 JPY\n1 USD = 150.25 JPY\n")
        let listedJSON = try cli.run("trip", "rate", "--json")
        #expect(listedJSON.stdout == #"{"home":"JPY","rates":[{"currency":"EUR","rate":162.5},{"currency":"USD","rate":150.25}]}"# + "\n")

        try cli.run("trip", "rate", "JPY", "2").expectError(65, "trip's own currency")
        try cli.run("trip", "rate", "USD", "abc").expectError(65, "rate 'abc' is not a positive decimal")
        try cli.run("trip", "rate", "USD", "0").expectError(65, "rate '0'")
        try cli.run("trip", "rate", "USD", "1e3").expectError(65, "rate '1e3'")
        try cli.run("trip", "rate", "XYZ", "2").expectError(65, "unknown currency 'XYZ'")
        try cli.run("trip", "rate", "USD").expectError(64, "give the rate too")
        #expect(try cli.ok("trip", "rate").stdout == "1 EUR = 162.5 JPY\n1 USD = 150.25 JPY\n")
    }
}
