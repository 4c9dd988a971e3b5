import Foundation
import Testing

/// `split config` on a device with no account: preferences kept locally and read by the
/// commands they are defaults for; every bad key or value one line and exit 65.
@Suite("config and preferences, on this device")
struct ConfigPreferencesTests {
    @Test("default.currency and default.category are the defaults of trip create and add-expense")
    func defaults() async throws {
        let cli = try CLI()
        let set = try await cli.ok("config", "set", "default.currency", "eur")
        #expect(set.stdout == "default.currency = EUR\n")
        #expect(set.stderr.contains("kept on this device"), "\(set)")
        try await cli.ok("config", "set", "default.category", "MEAL")
        #expect(try await cli.ok("config", "get", "default.category").stdout == "Meal\n")
        try await cli.ok("trip", "create", "Paris")
        #expect(try await cli.json("trip", "show")["trip"]["currency"].string == "EUR")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("add-expense", "Crêpes", "12.50", "--paid-by", "Ann")
        try await cli.ok("add-expense", "Metro", "4", "--paid-by", "Ben", "--category", "Transport")
        let categories = Dictionary(uniqueKeysWithValues: try await cli.expenses().map { ($0["description"].string ?? "", $0["category"].string ?? "") })
        #expect(categories == ["Crêpes": "Meal", "Metro": "Transport"])
        // --currency still wins, and clearing the default gives USD again.
        try await cli.ok("trip", "create", "Kyoto", "--currency", "JPY")
        #expect(try await cli.ok("config", "set", "default.currency", "none").stdout == "default.currency = none\n")
        try await cli.ok("trip", "create", "Boston")
        #expect(try await cli.json("trip", "show")["trip"]["currency"].string == "USD")
    }

    @Test("default.category may be a trip's own category; a trip without it refuses the expense, writing nothing")
    func ownCategoryDefault() async throws {
        let cli = try CLI()
        try await cli.ok("config", "set", "default.category", " Rent ")
        #expect(try await cli.ok("config", "get", "default.category").stdout == "Rent\n")
        try await cli.ok("trip", "create", "Flat", "--currency", "EUR")
        try await cli.ok("member", "add", "Ann", "Ben")
        try await cli.ok("category", "add", "RENT")
        try await cli.ok("add-expense", "March", "900", "--paid-by", "Ann")
        try await cli.ok("recurring", "add", "Rent", "900", "--every", "month", "--on", "1", "--paid-by", "Ann", "--from", "2025-01-01")
        #expect(try await cli.expenses().compactMap { $0["category"].string } == ["RENT", "RENT"])
        try await cli.ok("trip", "create", "Paris", "--currency", "EUR")
        try await cli.ok("member", "add", "Ann")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        try await cli.run("add-expense", "Crêpes", "12", "--paid-by", "Ann")
            .expectError(65, "default.category is Rent, which is not one of this trip's categories (Meal, Transport, Tickets, "
                         + "Shopping, Hotel, Other); give --category NAME, add it with: split category add \"Rent\"")
        try await cli.run("recurring", "add", "Metro", "40", "--every", "month", "--paid-by", "Ann").expectError(65, "default.category is Rent")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.databasePath)) == before)
        try await cli.ok("add-expense", "Crêpes", "12", "--paid-by", "Ann", "--category", "meal")
    }

    @Test("config list and get, as text and JSON, say where each value is kept")
    func list() async throws {
        let cli = try CLI()
        try await cli.ok("config", "set", "display.name", "  Ann Lee ")
        let list = try await cli.json("config", "list")["settings"].array
        let byKey = Dictionary(uniqueKeysWithValues: list.map { ($0["key"].string ?? "", $0) })
        #expect(Set(byKey.keys) == ["sync.auto", "me.name", "default.currency", "default.category", "display.name"])
        #expect(byKey["me.name"]?["scope"].string == "device" && byKey["me.name"]?["value"].isNull == true)
        #expect(byKey["display.name"]?["value"].string == "Ann Lee")
        #expect(byKey["display.name"]?["scope"].string == "account")
        #expect(byKey["display.name"]?["waiting"].bool == true)
        #expect(byKey["sync.auto"]?["scope"].string == "device")
        #expect(byKey["default.currency"]?["value"].isNull == true)
        #expect(try await cli.json("config", "get", "default.currency")["default.currency"].isNull)
        #expect(try await cli.ok("config", "get", "default.currency").stdout == "none\n")
        let text = try await cli.ok("config", "list").stdout
        #expect(text.contains("display.name") && text.contains("Ann Lee") && text.contains("this device"), "\(text)")
    }

    @Test("an unknown key or a bad value: one line naming what is accepted, exit 65, nothing changed", arguments: [
        (["set", "default.colour", "red"], "unknown setting 'default.colour'; the settings are sync.auto, me.name, default.currency"),
        (["set", "me.name", "Bea,Chen"], "me.name is a member name or none: invalid member name 'Bea,Chen': it contains ','"),
        (["get", "nope"], "unknown setting 'nope'"),
        (["set", "default.currency", "EURO"], "default.currency is an ISO 4217 currency code such as EUR or JPY, or none, not 'EURO'"),
        (["set", "default.category", String(repeating: "x", count: 101)],
         "default.category is one of Meal, Transport, Tickets, Shopping, Hotel, Other or a category of a trip's own (1 to 100 characters, one line), or none, not 'xxxx"),
        (["set", "display.name", " "], "display.name is 2 to 100 characters on one line"),
        (["set", "display.name", "Ann\u{7}"], "display.name is 2 to 100 characters on one line"),
        (["set", "sync.auto", "maybe"], "sync.auto is on or off, not 'maybe'"),
    ])
    func refusals(_ arguments: [String], _ message: String) async throws {
        let cli = try CLI()
        try await cli.ok("config", "set", "default.currency", "JPY")
        let before = try await cli.ok("config", "list", "--json").stdout
        try await cli.run(["config"] + arguments).expectError(65, message)
        #expect(try await cli.ok("config", "list", "--json").stdout == before)
    }
}
