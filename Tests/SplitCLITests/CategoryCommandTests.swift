import Foundation
import Testing

@Suite("split category")
struct CategoryCommandTests {
    func categories(_ cli: CLI) async throws -> [String] {
        try await cli.json("category", "list")["categories"].array.compactMap { $0["name"].string }
    }

    func uses(_ cli: CLI) async throws -> [String: Int] {
        var uses: [String: Int] = [:]
        for item in try await cli.json("category", "list")["categories"].array {
            uses[item["name"].string ?? "?"] = item["expenses"].int
        }
        return uses
    }

    @Test("a trip starts with the six; add, rename and remove change its list, in order")
    func addRenameRemove() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        #expect(try await categories(cli) == ["Meal", "Transport", "Tickets", "Shopping", "Hotel", "Other"])
        #expect(try await cli.ok("category", "add", "  Rent  ").stdout == "Added category Rent to Tokyo Trip.\n")
        try await cli.ok("category", "add", "Bills, water")
        try await cli.ok("category", "rename", "tickets", "Outings")
        try await cli.ok("category", "remove", "SHOPPING")
        #expect(try await categories(cli) == ["Meal", "Transport", "Outings", "Hotel", "Other", "Rent", "Bills, water"])
        let text = try await cli.ok("category", "list").stdout
        #expect(text.contains("CATEGORY") && text.contains("Outings"))
    }

    @Test("--category takes the trip's categories in any case, stored as the trip spells them")
    func expensesUseTheTripsCategories() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("category", "add", "Rent")
        try await cli.ok("add-expense", "January rent", "90000", "--paid-by", "Alex", "--category", "rent")
        let id = try await cli.expenseID("January rent")
        #expect(try await cli.expenses()[0]["category"].string == "Rent")
        try await cli.ok("add-expense", "Lunch", "3000", "--paid-by", "Bea", "--category", "meal")
        try await cli.ok("expense", "edit", id, "--category", "Hotel")
        try await cli.ok("expense", "edit", id, "--category", "RENT")
        let rent = try await cli.expenses(["--category", "Rent"])
        #expect(rent.compactMap { $0["description"].string } == ["January rent"])
        #expect(try await uses(cli)["Rent"] == 1)
        // Reports and the summary by category use the real name.
        let summary = try await cli.ok("summary").stdout
        #expect(summary.contains("Rent"))
        let report = try await cli.ok("report").stdout
        #expect(report.contains("Rent"))
    }

    @Test("renaming a category renames it in every expense, as one change that undo reverts")
    func renameRewritesExpenses() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Rent Jan", "90000", "--paid-by", "Alex", "--category", "Hotel")
        try await cli.ok("add-expense", "Rent Feb", "90000", "--paid-by", "Alex", "--category", "Hotel")
        try await cli.ok("add-expense", "Lunch", "3000", "--paid-by", "Bea", "--category", "Meal")
        let before = try await cli.snapshot()
        let renamed = try await cli.ok("category", "rename", "hotel", "Rent")
        #expect(renamed.stdout == "Renamed category Hotel to Rent in 2 expenses.\n")
        let categories = try await cli.expenses().map { "\($0["description"].string ?? "")=\($0["category"].string ?? "")" }
        #expect(Set(categories) == ["Rent Jan=Rent", "Rent Feb=Rent", "Lunch=Meal"])
        #expect(try await cli.ok("log").stdout.contains("renamed category Hotel to Rent in 2 expenses"))
        try await cli.ok("undo")
        #expect(try await cli.snapshot() == before)
        #expect(try await self.categories(cli).contains("Hotel"))
        // A new spelling of the same name is a rename too.
        try await cli.ok("category", "rename", "Hotel", "HOTEL")
        #expect(try await cli.expenses().contains { $0["category"].string == "HOTEL" })
    }

    @Test("removing a used category is refused with the count; undo of a removal brings it back")
    func removeInUse() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("add-expense", "Museum", "2000", "--paid-by", "Alex", "--category", "Tickets")
        try await cli.ok("add-expense", "Zoo", "2000", "--paid-by", "Alex", "--category", "Tickets")
        let before = try await categories(cli)
        try await cli.run("category", "remove", "tickets").expectError(65, "category 'Tickets' is used by 2 expenses")
        #expect(try await categories(cli) == before)
        try await cli.ok("expense", "delete", try await cli.expenseID("Zoo"))
        try await cli.run("category", "remove", "Tickets").expectError(65, "used by 1 expense;")
        try await cli.ok("expense", "edit", try await cli.expenseID("Museum"), "--category", "Other")
        try await cli.ok("category", "remove", "Tickets")
        #expect(try await !categories(cli).contains("Tickets"))
        try await cli.ok("undo")
        #expect(try await categories(cli) == before)
    }

    @Test("bad names, duplicates, unknown categories and Other are refused in one line, nothing written")
    func refusals() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("category", "add", "Rent")
        let before = try await categories(cli)
        try await cli.run("category", "add", "rent").expectError(65, "a category named 'rent' already exists")
        try await cli.run("category", "add", "MEAL").expectError(65, "already exists")
        try await cli.run("category", "add", "   ").expectError(65, "invalid category name", "empty")
        try await cli.run("category", "add", String(repeating: "x", count: 101)).expectError(65, "longer than 100")
        try await cli.run("category", "add", "Re\u{7}nt").expectError(65, "control characters")
        try await cli.run("category", "rename", "Meal", "rent").expectError(65, "already exists")
        try await cli.run("category", "rename", "Meal", "").expectError(65, "invalid category name")
        try await cli.run("category", "rename", "Food", "Meals").expectError(65, "unknown category 'Food'",
                                                                             "Meal, Transport, Tickets, Shopping, Hotel, Other, Rent")
        try await cli.run("category", "remove", "Food").expectError(65, "unknown category 'Food'")
        try await cli.run("category", "remove", "other").expectError(65, "Other cannot be removed")
        try await cli.run("category", "rename", "Other", "Misc").expectError(65, "Other cannot be renamed")
        try await cli.run("category", "add").expectUsageError("<name>")
        #expect(try await categories(cli) == before)
        let count = try await cli.expenseCount()
        try await cli.run("add-expense", "Groceries", "3000", "--paid-by", "Alex", "--category", "Food")
            .expectError(65, "unknown category 'Food'", "this trip's categories are Meal, Transport, Tickets, Shopping, Hotel, Other, Rent")
        try await cli.run("expenses", "--category", "Food").expectError(65, "unknown category 'Food'")
        #expect(try await cli.expenseCount() == count)
    }

    @Test("categories are per trip")
    func perTrip() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("category", "add", "Rent")
        try await cli.ok("trip", "create", "Paris", "--currency", "EUR")
        try await cli.ok("member", "add", "Alex")
        #expect(try await categories(cli) == ["Meal", "Transport", "Tickets", "Shopping", "Hotel", "Other"])
        try await cli.run("add-expense", "Rent", "10", "--paid-by", "Alex", "--category", "Rent").expectError(65, "unknown category")
    }

    @Test("split's JSON export keeps the trip's categories and who moved out; import brings them back")
    func exportImportRoundTrip() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("category", "rename", "Hotel", "Housing")
        try await cli.ok("category", "add", "Rent")
        try await cli.ok("add-expense", "Rent Jan", "90000", "--paid-by", "Alex", "--category", "Rent", "--date", "2025-01-01")
        try await cli.ok("add-expense", "Flat", "9000", "--paid-by", "Alex", "--category", "housing", "--date", "2025-01-02")
        try await cli.ok("member", "leave", "Dana", "--from", "2025-01-10")
        let file = cli.path("export.json")
        try await cli.ok("export", "--format", "json", "-o", file)
        let other = try CLI()
        try await other.ok("import", file)
        try await other.ok("trip", "use", "Tokyo Trip")
        #expect(try await categories(other) == ["Meal", "Transport", "Tickets", "Shopping", "Housing", "Other", "Rent"])
        let expenses = try await other.expenses()
        #expect(Set(expenses.compactMap { $0["category"].string }) == ["Rent", "Housing"])
        let members = try await other.json("member", "list")["members"].array
        #expect(members.first { $0["name"].string == "Dana" }?["leftOn"].string == "2025-01-10")
        #expect(members.first { $0["name"].string == "Alex" }?["leftOn"].isNull == true)
    }
}
