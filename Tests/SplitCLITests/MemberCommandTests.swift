import Foundation
import Testing

@Suite("split member")
struct MemberCommandTests {
    func memberNames(_ cli: CLI) throws -> [String] {
        try cli.json("member", "list")["members"].array.compactMap { $0["name"].string }
    }

    @Test("member add and list, in text and JSON")
    func addAndList() throws {
        let cli = try CLI()
        try cli.ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        #expect(try cli.ok("member", "list").stdout.contains("No members yet"))

        let added = try cli.ok("member", "add", "Dana", "Alex", "bea", "Chen")
        #expect(added.stdout == "Added Dana, Alex, bea, Chen to Tokyo Trip.\n")
        let json = try cli.json("member", "add", "  Eve  ")
        #expect(json["members"].array.compactMap { $0["name"].string } == ["Eve"])
        #expect(json["members"][0]["id"].string?.count == 36)

        let list = try cli.json("member", "list")
        #expect(list["trip"]["name"].string == "Tokyo Trip")
        #expect(list["members"].array.compactMap { $0["name"].string } == ["Alex", "bea", "Chen", "Dana", "Eve"])
        let text = try cli.ok("member", "list")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0].contains("NAME") && lines[0].contains("ID"))
        #expect(lines[1].contains("Alex") && lines[5].contains("Eve"))
    }

    @Test("member add needs a name")
    func addNeedsName() throws {
        let cli = try CLI()
        try cli.ok("trip", "create", "T")
        try cli.run("member", "add").expectUsageError("<names>")
    }

    @Test("duplicate member names are refused case-insensitively and nothing is added")
    func duplicateNames() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.run("member", "add", "Eve", "alex").expectError(65, "a member named 'alex' already exists", "case-insensitive")
        try cli.run("member", "add", "Eve", "EVE").expectError(65, "'EVE' already exists")
        try cli.run("member", "add", "Eve", "Finn", " eve ").expectError(65, "already exists")
        #expect(try memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
    }

    @Test("member names may not contain separators or be empty")
    func invalidNames() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.run("member", "add", "Ann,Bob").expectError(65, "invalid member name 'Ann,Bob'", "','")
        try cli.run("member", "add", "A=B").expectError(65, "'='")
        try cli.run("member", "add", "  ").expectError(65, "invalid member name", "empty")
        try cli.run("member", "add", String(repeating: "x", count: 101)).expectError(65, "longer than 100")
        #expect(try memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
    }

    @Test("member rename changes the name everywhere it is shown")
    func rename() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.ok("add-expense", "Museum", "5000", "--paid-by", "Dana")
        let renamed = try cli.ok("member", "rename", "dana", "Dani")
        #expect(renamed.stdout == "Renamed Dana to Dani.\n")
        #expect(try memberNames(cli) == ["Alex", "Bea", "Chen", "Dani"])
        let expense = try #require(try cli.expenses().first)
        #expect(expense["paidByName"].string == "Dani")
        #expect(expense["splits"].array.compactMap { $0["memberName"].string }.contains("Dani"))

        let json = try cli.json("member", "rename", "Dani", "Dana")
        #expect(json["member"]["name"].string == "Dana")

        try cli.run("member", "rename", "Dana", "ALEX").expectError(65, "'ALEX' already exists")
        try cli.run("member", "rename", "Zed", "Zoe").expectError(65, "no member 'Zed'", "Alex, Bea, Chen, Dana")
        try cli.run("member", "rename", "Dana", "Da,na").expectError(65, "invalid member name")
        #expect(try memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
    }

    @Test("member remove works for an unused member")
    func remove() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.ok("member", "add", "Eve")
        let removed = try cli.ok("member", "remove", "eve")
        #expect(removed.stdout == "Removed Eve from Tokyo Trip.\n")
        #expect(try memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])
        // The name is free again.
        try cli.ok("member", "add", "Eve")
        let json = try cli.json("member", "remove", "Eve")
        #expect(json["removed"]["name"].string == "Eve")
        try cli.run("member", "remove", "Eve").expectError(65, "no member 'Eve'")
    }

    @Test("member remove is refused while the member is in an expense or payment")
    func removeReferenced() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
        try cli.ok("add-expense", "Snack", "500", "--paid-by", "Bea", "--among", "Bea")
        try cli.ok("pay", "Dana", "Alex", "100")

        // Payer of two expenses.
        try cli.run("member", "remove", "Bea").expectError(65, "cannot remove Bea", "2 expenses", "delete or edit those first")
        // Only in a split.
        try cli.run("member", "remove", "Chen").expectError(65, "cannot remove Chen", "1 expense")
        // Only in payments.
        try cli.run("member", "remove", "Dana").expectError(65, "cannot remove Dana", "1 payment")
        try cli.run("member", "remove", "Alex").expectError(65, "cannot remove Alex", "1 payment")
        #expect(try memberNames(cli) == ["Alex", "Bea", "Chen", "Dana"])

        // Once the references are gone the member can go.
        let taxi = try cli.expenseID("Taxi")
        try cli.ok("expense", "delete", String(taxi.prefix(8)))
        try cli.ok("member", "remove", "Chen")
        #expect(try memberNames(cli) == ["Alex", "Bea", "Dana"])
    }

    @Test("members resolve by unique prefix and by id; ambiguity lists matches")
    func resolution() throws {
        let cli = try CLI()
        try cli.setUpTokyo(members: ["Alex", "Alfred", "Bea"])
        let members = try cli.json("member", "list")["members"].array
        let beaID = try #require(members.first { $0["name"].string == "Bea" }?["id"].string)

        try cli.ok("add-expense", "Tea", "300", "--paid-by", "alf", "--among", "\(beaID.prefix(8)),ALEX")
        let tea = try #require(try cli.expenses().first)
        #expect(tea["paidByName"].string == "Alfred")
        #expect(tea["splits"].array.compactMap { $0["memberName"].string }.sorted() == ["Alex", "Bea"])

        try cli.run("add-expense", "X", "100", "--paid-by", "Al").expectError(65, "member 'Al' is ambiguous", "Alex, Alfred")
        #expect(try cli.expenseCount() == 1)
    }
}
