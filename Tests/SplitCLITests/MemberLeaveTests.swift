import Foundation
import Testing

/// `member leave` and `member return`: a flatmate moves out (the harness's today is 2025-01-20).
@Suite("split member leave")
struct MemberLeaveTests {
    /// Flatmates Anna, Jonas and Kim, with January's rent split among all three.
    func flat() async throws -> CLI {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Flat", "--currency", "EUR")
        try await cli.ok("member", "add", "Anna", "Jonas", "Kim")
        try await cli.ok("add-expense", "Rent Jan", "900", "--paid-by", "Anna", "--date", "2025-01-01")
        return cli
    }

    func sharers(_ cli: CLI, _ description: String) async throws -> [String] {
        let expense = try await cli.expenses().first { $0["description"].string == description }
        return expense?["splits"].array.compactMap { $0["memberName"].string ?? $0["name"].string } ?? []
    }

    @Test("after leaving, equal splits among everyone leave the member out; before, they are in")
    func defaultSplitLeavesThemOut() async throws {
        let cli = try await flat()
        let left = try await cli.ok("member", "leave", "jonas", "--from", "2025-01-10")
        #expect(left.stdout.contains("Jonas moved out of Flat on 2025-01-10"))
        let added = try await cli.ok("add-expense", "Internet", "30", "--paid-by", "Kim", "--date", "2025-01-15")
        #expect(added.stdout.contains("[Anna 15.00, Kim 15.00]"))
        #expect(added.stderr.contains("Jonas moved out on 2025-01-10, so is not in this split"))
        // The day they leave is the first day without them; the day before, they are in.
        #expect(try await cli.ok("add-expense", "Gas", "30", "--paid-by", "Kim", "--date", "2025-01-10").stdout
            .contains("[Anna 15.00, Kim 15.00]"))
        let before = try await cli.ok("add-expense", "Water", "30", "--paid-by", "Kim", "--date", "2025-01-09")
        #expect(before.stdout.contains("[Anna 10.00, Jonas 10.00, Kim 10.00]"))
        #expect(!before.stderr.contains("moved out"))
        // A bill with no --among is among everyone too.
        let bill = try await cli.ok("add-expense", "Groceries", "--item", "Bread=4", "--item", "Milk=2", "--paid-by", "Anna",
                                    "--date", "2025-01-12")
        #expect(!bill.stdout.contains("Jonas"))
        #expect(try await sharers(cli, "Groceries") == ["Anna", "Kim"])
    }

    @Test("a member who left still counts in balances and the plan, can pay and be paid, and can be named with a note")
    func stillCounts() async throws {
        let cli = try await flat()
        try await cli.ok("member", "leave", "Jonas", "--from", "2025-01-10")
        let nets = try await cli.nets()
        #expect(nets["EUR"]?["Jonas"] == -300)
        let plan = try await cli.ok("settle").stdout
        #expect(plan.contains("Jonas") && plan.contains("300.00"))
        try await cli.ok("pay", "Jonas", "Anna", "300")
        #expect(try await cli.nets()["EUR"]?["Jonas"] == 0)
        let named = try await cli.ok("add-expense", "Farewell", "60", "--paid-by", "Jonas", "--among", "Jonas,Kim",
                                     "--date", "2025-01-15")
        #expect(named.stdout.contains("[Jonas 30.00, Kim 30.00]"))
        #expect(named.stderr.contains("Jonas moved out on 2025-01-10 but is in this split, as named"))
        #expect(try await cli.nets()["EUR"]?["Jonas"] == 30)
    }

    @Test("member list shows who left and when, in text and JSON; return brings them back into default splits")
    func listAndReturn() async throws {
        let cli = try await flat()
        try await cli.ok("member", "leave", "Jonas", "--from", "2025-01-10")
        let text = try await cli.ok("member", "list").stdout
        #expect(text.contains("LEFT") && text.contains("moved out 2025-01-10"))
        let members = try await cli.json("member", "list")["members"].array
        #expect(members.first { $0["name"].string == "Jonas" }?["leftOn"].string == "2025-01-10")
        #expect(members.first { $0["name"].string == "Kim" }?["leftOn"].isNull == true)
        let back = try await cli.ok("member", "return", "Jonas")
        #expect(back.stdout.contains("Jonas lives in Flat again"))
        #expect(!(try await cli.ok("member", "list").stdout.contains("LEFT")))
        #expect(try await cli.ok("add-expense", "Internet", "30", "--paid-by", "Kim", "--date", "2025-01-15").stdout
            .contains("[Anna 10.00, Jonas 10.00, Kim 10.00]"))
    }

    @Test("--from defaults to today; leave and return are logged and undone")
    func undo() async throws {
        let cli = try await flat()
        let before = try await cli.snapshot()
        try await cli.ok("member", "leave", "Jonas")
        #expect(try await cli.json("member", "list")["members"].array.first { $0["name"].string == "Jonas" }?["leftOn"].string
            == "2025-01-20")
        #expect(try await cli.ok("log").stdout.contains("Jonas left on 2025-01-20"))
        try await cli.ok("member", "return", "Jonas")
        try await cli.ok("undo")
        #expect(try await cli.json("member", "list")["members"].array.first { $0["name"].string == "Jonas" }?["leftOn"].string
            == "2025-01-20")
        try await cli.ok("undo")
        #expect(try await cli.snapshot() == before)
    }

    @Test("leaving twice, --from before their first expense, returning without leaving and bad dates are refused")
    func refusals() async throws {
        let cli = try await flat()
        try await cli.run("member", "leave", "Jonas", "--from", "2024-12-31")
            .expectError(65, "Jonas cannot leave on 2024-12-31, before their first expense on 2025-01-01")
        try await cli.run("member", "return", "Jonas").expectError(65, "Jonas has not left")
        try await cli.run("member", "leave", "Jonas", "--from", "2025-13-01").expectError(65, "2025-13-01")
        try await cli.run("member", "leave", "Nobody").expectError(65, "Nobody")
        try await cli.run("member", "leave").expectUsageError("<name>")
        #expect(!(try await cli.ok("member", "list").stdout.contains("LEFT")))
        try await cli.ok("member", "leave", "Jonas", "--from", "2025-01-01")
        let state = try await cli.snapshot()
        try await cli.run("member", "leave", "jonas", "--from", "2025-01-05").expectError(65, "Jonas already left on 2025-01-01")
        #expect(try await cli.snapshot() == state)
        // With everyone gone, "everyone" is nobody: say so rather than store an empty split.
        try await cli.ok("member", "leave", "Anna", "--from", "2025-01-01")
        try await cli.ok("member", "leave", "Kim", "--from", "2025-01-01")
        try await cli.run("add-expense", "Ghost", "10", "--paid-by", "Kim", "--date", "2025-01-15")
            .expectError(65, "everyone has moved out by 2025-01-15")
        #expect(try await cli.expenseCount() == 1)
    }
}
