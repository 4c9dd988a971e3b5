import Foundation
import SplitTestSupport
import Testing

/// `--db`, `--trip` and `--json` work before the command too, as with git and gh.
@Suite("Global options before the command")
struct GlobalOptionsTests {
    @Test("split --json settle prints what split settle --json prints")
    func jsonFirst() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.addSpecExpenses()
        for command in [["settle"], ["balances"], ["trip", "list"], ["member", "list"], ["expenses"]] {
            let after = try await cli.ok(command + ["--json"])
            let before = try await cli.ok(["--json"] + command)
            #expect(before.stdout == after.stdout, "\(command)")
            expectCompactJSON(before)
            // Between the words of a nested command as well.
            if command.count == 2 {
                #expect(try await cli.ok([command[0], "--json", command[1]]).stdout == after.stdout)
            }
        }
    }

    @Test("split --db F and --trip T before the command")
    func databaseAndTripFirst() async throws {
        let cli = try CLI()
        let other = cli.path("other.sqlite")
        try await cli.ok("--db", other, "trip", "create", "Paris", "--currency", "EUR")
        try await cli.ok("--db=\(other)", "member", "add", "Ann", "Ben")
        try await cli.ok("--db", other, "trip", "create", "Rome", "--currency", "EUR")
        try await cli.ok("--db", other, "--trip", "Paris", "add-expense", "Cafe", "8.40", "--paid-by", "Ann")
        let paris = try await cli.ok("--db", other, "--trip", "Paris", "--json", "expenses")
        #expect(paris.json["expenses"].array.map { $0["description"].string } == ["Cafe"])
        // The current trip (Rome) has none, and the default database was never created.
        #expect(try await cli.ok("--db", other, "--json", "expenses").json["expenses"].array.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
    }

    @Test("a global option the command does not take is still a usage error")
    func unknownPlacement() async throws {
        let cli = try CLI()
        try await cli.run("--json").expectUsageError()
        try await cli.run("--db").expectUsageError()
        try await cli.run(["--json", "settle", "--", "x"]).expectUsageError()
    }
}
