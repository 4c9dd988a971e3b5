import Foundation
import Testing

@Suite("split member")
struct MemberCommandTests {
    func memberNames(_ cli: CLI) async throws -> [String] {
        try await cli.json("member", "list")["members"].array.compactMap { $0["name"].string }
    }

    @Test("member add and list, in text and JSON")
    func addAndList() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        #expect(try await cli.ok("member", "list").stdout.contains("No members yet"))

        let added = try await cli.ok("member", "add", "Dana", "Alex", "bea", "Chen")
        #expect(added.stdout == "Added Dana, Alex, bea, Chen to Tokyo Trip.\n")
        let json = try await cli.json("member", "add", "  Eve  ")
        #expect(json["members"].array.compactMap { $0["name"].string } == ["Eve"])
        #expect(json["members"][0]["id"].string?.count == 36)

        let list = try await cli.json("member", "list")
        #expect(list["trip"]["name"].string == "Tokyo Trip")
        #expect(list["members"].array.compactMap { $0["name"].string } == ["Alex", "bea", "Chen", "Dana", "Eve"])
        let text = try await cli.ok("member", "list")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0].contains("NAME") && lines[0].contains("ID"))
        #expect(lines[1].contains("Alex") && lines[5].contains("Eve"))
    }

    @Test("member add needs a name")
    func addNeedsName() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "T")
        try await cli.run("member", "add").expectUsageError("<names>")
    }

    @Test("duplicate member names are refused case-insensitively and nothing is added")
    func duplicateNames() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.run("member", "add", "Eve", "alex").expectError(65, "a member named 'alex' already exists", "case-insensitive")
        try await cli.run("member", "add", "Eve", "EVE").expectError(65, "'EVE' already exists")
        try await cli.run("member", "add", "Eve", "Finn", " eve ").expectError(65, "already exists")
        #expect(try await memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
    }

    @Test("member names may not contain separators or be empty")
    func invalidNames() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.run("member", "add", "Ann,Bob").expectError(65, "invalid member name 'Ann,Bob'", "','")
        try await cli.run("member", "add", "A=B").expectError(65, "'='")
        try await cli.run("member", "add", "  ").expectError(65, "invalid member name", "empty")
        try await cli.run("member", "add", String(repeating: "x", count: 101)).expectError(65, "longer than 100")
        #expect(try await memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
    }

    @Test("member rename changes the name everywhere it is shown")
    func rename() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Museum", "5000", "--paid-by", "Dana")
        let renamed = try await cli.ok("member", "rename", "dana", "Dani")
        #expect(renamed.stdout == "Renamed Dana to Dani.\n")
        #expect(try await memberNames(cli) == ["Alex", "Bea", "Chen", "Dani"])
        let expense = try #require(try await cli.expenses().first)
        #expect(expense["paidByName"].string == "Dani")
        #expect(expense["splits"].array.compactMap { $0["memberName"].string }.contains("Dani"))

        let json = try await cli.json("member", "rename", "Dani", "Dana")
        #expect(json["member"]["name"].string == "Dana")

        try await cli.run("member", "rename", "Dana", "ALEX").expectError(65, "'ALEX' already exists")
        try await cli.run("member", "rename", "Zed", "Zoe").expectError(65, "no member 'Zed'", "Alex, Bea, Chen, Dana")
        try await cli.run("member", "rename", "Dana", "Da,na").expectError(65, "invalid member name")
        #expect(try await memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
    }

    @Test("member remove works for an unused member")
    func remove() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("member", "add", "Eve")
        let removed = try await cli.ok("member", "remove", "eve")
        #expect(removed.stdout == "Removed Eve from Tokyo Trip.\n")
        #expect(try await memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
        // The name is free again.
        try await cli.ok("member", "add", "Eve")
        let json = try await cli.json("member", "remove", "Eve")
        #expect(json["removed"]["name"].string == "Eve")
        try await cli.run("member", "remove", "Eve").expectError(65, "no member 'Eve'")
    }

    @Test("member remove is refused while the member is in an expense or payment")
    func removeReferenced() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
        try await cli.ok("add-expense", "Snack", "500", "--paid-by", "Bea", "--among", "Bea")
        try await cli.ok("pay", "Dana", "Alex", "100")

        // Payer of two expenses.
        try await cli.run("member", "remove", "Bea").expectError(65, "cannot remove Bea", "2 expenses", "delete or edit those first")
        // Only in a split.
        try await cli.run("member", "remove", "Chen").expectError(65, "cannot remove Chen", "1 expense")
        // Only in payments.
        try await cli.run("member", "remove", "Dana").expectError(65, "cannot remove Dana", "1 payment")
        try await cli.run("member", "remove", "Alex").expectError(65, "cannot remove Alex", "1 payment")
        #expect(try await memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])

        // Once the references are gone the member can go.
        let taxi = try await cli.expenseID("Taxi")
        try await cli.ok("expense", "delete", String(taxi.prefix(8)))
        try await cli.ok("member", "remove", "Chen")
        #expect(try await memberNames(cli) == ["Alex", "Bea", "Dana"])
    }

    @Test("members resolve by unique prefix and by id; ambiguity lists matches")
    func resolution() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Alex", "Alfred", "Bea"])
        let members = try await cli.json("member", "list")["members"].array
        let beaID = try #require(members.first { $0["name"].string == "Bea" }?["id"].string)

        try await cli.ok("add-expense", "Tea", "300", "--paid-by", "alf", "--among", "\(beaID.prefix(8)),ALEX")
        let tea = try #require(try await cli.expenses().first)
        #expect(tea["paidByName"].string == "Alfred")
        #expect(tea["splits"].array.compactMap { $0["memberName"].string }.sorted() == ["Alex", "Bea"])

        try await cli.run("add-expense", "X", "100", "--paid-by", "Al").expectError(65, "member 'Al' is ambiguous", "Alex, Alfred")
        #expect(try await cli.expenseCount() == 1)
    }
}
