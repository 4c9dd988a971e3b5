import Foundation
import Testing

@Suite("split trip")
struct TripCommandTests {
    @Test("trip create makes the trip current; text and JSON output")
    func create() async throws {
        let cli = try CLI()
        let text = try await cli.ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        #expect(text.stdout == "Created trip Tokyo Trip (JPY); it is now the current trip.\n")

        let created = try await cli.json("trip", "create", "Paris", "--currency", "eur")
        #expect(created["trip"]["name"].string == "Paris")
        #expect(created["trip"]["currency"].string == "EUR")
        #expect(created["trip"]["id"].string?.count == 36)

        // The newest trip is current: members go to Paris.
        try await cli.ok("member", "add", "Alex")
        let shown = try await cli.json("trip", "show")
        #expect(shown["trip"]["name"].string == "Paris")
        #expect(shown["trip"]["id"].string == created["trip"]["id"].string)
        #expect(shown["trip"]["members"].array.compactMap { $0["name"].string } == ["Alex"])
    }

    @Test("trip create defaults to USD")
    func createDefaultCurrency() async throws {
        let cli = try CLI()
        let created = try await cli.json("trip", "create", "Road Trip")
        #expect(created["trip"]["currency"].string == "USD")
    }

    @Test("trip names are unique, case-insensitively")
    func duplicateTripName() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        try await cli.run("trip", "create", "tokyo trip").expectError(65, "already exists", "case-insensitive")
        #expect(try await cli.json("trip", "list")["trips"].count == 1)
    }

    @Test("trip create refuses an unknown currency and an empty name")
    func createRefusals() async throws {
        let cli = try CLI()
        try await cli.run("trip", "create", "X", "--currency", "ABC").expectError(65, "unknown currency 'ABC'")
        try await cli.run("trip", "create", "   ").expectError(65, "invalid trip name", "empty")
        #expect(try await cli.json("trip", "list")["trips"].count == 0)
    }

    @Test("trip list: text marks the current trip, JSON has counts")
    func list() async throws {
        let cli = try CLI()
        let empty = try await cli.ok("trip", "list")
        #expect(empty.stdout.contains("No trips yet"))
        #expect(try await cli.json("trip", "list")["trips"].count == 0)

        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("trip", "create", "Paris", "--currency", "EUR")
        try await cli.ok("trip", "use", "Tokyo Trip")

        let text = try await cli.ok("trip", "list")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("NAME") && lines[0].contains("CURRENCY"))
        #expect(lines[1].contains("Paris") && !lines[1].hasPrefix("  *"))
        #expect(lines[2].contains("Tokyo Trip") && lines[2].hasPrefix("  *"))

        let trips = try await cli.json("trip", "list")["trips"].array
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
    func useAndTripFlag() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let paris = try await cli.json("trip", "create", "Paris", "--currency", "EUR")
        let parisID = try #require(paris["trip"]["id"].string)

        let used = try await cli.ok("trip", "use", "tokyo trip")
        #expect(used.stdout == "Now using trip Tokyo Trip.\n")
        #expect(try await cli.json("trip", "show")["trip"]["name"].string == "Tokyo Trip")

        // --trip by name and by id prefix, without changing the current trip.
        try await cli.ok("member", "add", "Zoe", "--trip", "Paris")
        try await cli.ok("add-expense", "Cafe", "4.20", "--paid-by", "Zoe", "--trip", String(parisID.prefix(8)))
        let parisExpenses = try await cli.expenses(["--trip", "Paris"])
        #expect(parisExpenses.count == 1)
        #expect(parisExpenses.first?["currency"].string == "EUR")
        #expect(try await cli.expenseCount() == 0)
        #expect(try await cli.json("trip", "show")["trip"]["name"].string == "Tokyo Trip")

        // use by id prefix.
        let byID = try await cli.json("trip", "use", String(parisID.prefix(6)))
        #expect(byID["trip"]["name"].string == "Paris")
        #expect(try await cli.json("trip", "show")["trip"]["id"].string == parisID)
    }

    @Test("an unknown trip lists the existing ones")
    func unknownTrip() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("trip", "create", "Paris")
        try await cli.run("trip", "use", "Berlin").expectError(65, "no trip 'Berlin'", "Paris", "Tokyo Trip")
        try await cli.run("expenses", "--trip", "Berlin").expectError(65, "no trip 'Berlin'")
        #expect(try await cli.json("trip", "show")["trip"]["name"].string == "Paris")
    }

    @Test("commands needing a trip say how to create or pick one")
    func noTrip() async throws {
        let cli = try CLI()
        try await cli.run("member", "add", "Alex").expectError(65, "no trip yet", "split trip create")
        try await cli.run("expenses").expectError(65, "no trip yet")

        try await cli.ok("trip", "create", "A")
        try await cli.ok("trip", "create", "B")
        try await cli.ok("trip", "delete", "B", "--yes")
        // A still exists but is not current any more.
        try await cli.run("balances").expectError(65, "no current trip", "split trip use", "A")
    }

    @Test("trip show: text and JSON with members, rates and counts")
    func show() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("trip", "rate", "USD", "150.25")

        let text = try await cli.ok("trip", "show")
        #expect(text.stdout.contains("Trip:     Tokyo Trip\n"))
        #expect(text.stdout.contains("Currency: JPY\n"))
        #expect(text.stdout.contains("Members:  Alex, Bea, Chen, Dana\n"))
        #expect(text.stdout.contains("Expenses: 1\n"))
        #expect(text.stdout.contains("Rates:    1 USD = 150.25 JPY\n"))

        let trip = try await cli.json("trip", "show")["trip"]
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
    func rename() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("trip", "create", "Paris")
        let renamed = try await cli.ok("trip", "rename", "Tokyo Trip", "Japan 2025")
        #expect(renamed.stdout == "Renamed trip Tokyo Trip to Japan 2025.\n")
        let names = try await cli.json("trip", "list")["trips"].array.compactMap { $0["name"].string }
        #expect(names == ["Japan 2025", "Paris"])
        let json = try await cli.json("trip", "rename", "paris", "Paris 2025")
        #expect(json["trip"]["name"].string == "Paris 2025")

        try await cli.run("trip", "rename", "Japan 2025", "PARIS 2025").expectError(65, "already exists")
        try await cli.run("trip", "rename", "Nowhere", "X").expectError(65, "no trip 'Nowhere'")
        let after = try await cli.json("trip", "list")["trips"].array.compactMap { $0["name"].string }
        #expect(after == ["Japan 2025", "Paris 2025"])
    }

    @Test("trip delete needs --yes, then removes the trip and everything in it")
    func delete() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea")

        try await cli.run("trip", "delete", "Tokyo Trip").expectError(64, "removes its 2 expenses", "--yes")
        #expect(try await cli.json("trip", "list")["trips"].count == 1)
        #expect(try await cli.expenseCount() == 2)

        let deleted = try await cli.json("trip", "delete", "tokyo trip", "--yes")
        #expect(deleted["deleted"]["name"].string == "Tokyo Trip")
        #expect(try await cli.json("trip", "list")["trips"].count == 0)
        try await cli.run("expenses").expectError(65, "no trip yet")
        try await cli.run("trip", "delete", "Tokyo Trip", "--yes").expectError(65, "no trip 'Tokyo Trip'")

        // The name is free again and the new trip starts empty.
        try await cli.setUpTokyo()
        #expect(try await cli.expenseCount() == 0)
        #expect(try await cli.json("balances")["balances"].count == 0)
    }

    @Test("trip rate sets, lists and refuses bad rates")
    func rate() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        #expect(try await cli.ok("trip", "rate").stdout.contains("No rates set"))
        let set = try await cli.ok("trip", "rate", "usd", "150.250")
        #expect(set.stdout == "Rate set: 1 USD = 150.25 JPY.\n")
        let json = try await cli.json("trip", "rate", "EUR", "0162.5")
        #expect(json["currency"].string == "EUR")
        #expect(json["home"].string == "JPY")
        #expect(json["rate"].double == 162.5)

        let listed = try await cli.ok("trip", "rate")
        #expect(listed.stdout == "1 EUR = 162.5 JPY\n1 USD = 150.25 JPY\n")
        let listedJSON = try await cli.run("trip", "rate", "--json")
        #expect(listedJSON.json["trip"]["name"].string == "Tokyo Trip")
        #expect(listedJSON.stdout.hasSuffix(#""home":"JPY","rates":[{"currency":"EUR","rate":162.5},{"currency":"USD","rate":150.25}]}"# + "\n"))

        try await cli.run("trip", "rate", "JPY", "2").expectError(65, "trip's own currency")
        try await cli.run("trip", "rate", "USD", "abc").expectError(65, "rate 'abc' is not a positive decimal")
        try await cli.run("trip", "rate", "USD", "0").expectError(65, "rate '0'")
        try await cli.run("trip", "rate", "USD", "1e3").expectError(65, "rate '1e3'")
        try await cli.run("trip", "rate", "XYZ", "2").expectError(65, "unknown currency 'XYZ'")
        try await cli.run("trip", "rate", "USD").expectError(64, "give the rate too")
        #expect(try await cli.ok("trip", "rate").stdout == "1 EUR = 162.5 JPY\n1 USD = 150.25 JPY\n")
    }
}
