import Foundation
import SplitTestSupport
import Testing

/// `--db`, `--trip` and `--json` work before the command too, as with git and gh.
@Suite("Global options before the command")
struct GlobalOptionsTests {
    @Test("split --json settle prints what split settle --json prints")
    func jsonFirst() throws {
        let cli = try CLI()
        try cli.setUpTokyo()
        try cli.addSpecExpenses()
        for command in [["settle"], ["balances"], ["trip", "list"], ["member", "list"], ["expenses"]] {
            let after = try cli.ok(command + ["--json"])
            let before = try cli.ok(["--json"] + command)
            #expect(before.stdout == after.stdout, "\(command)")
            expectCompactJSON(before)
            // Between the words of a nested command as well.
            if command.count == 2 {
                #expect(try cli.ok([command[0], "--json", command[1]]).stdout == after.stdout)
            }
        }
    }

    @Test("split --db F and --trip T before the command")
    func databaseAndTripFirst() throws {
        let cli = try CLI()
        let other = cli.path("other.sqlite")
        try cli.ok("--db", other, "trip", "create", "Paris", "--currency", "EUR")
        try cli.ok("--db=\(other)", "member", "add", "Ann", "Ben")
        try cli.ok("--db", other, "trip", "create", "Rome", "--currency", "EUR")
        try cli.ok("--db", other, "--trip", "Paris", "add-expense", "Cafe", "8.40", "--paid-by", "Ann")
        let paris = try cli.ok("--db", other, "--trip", "Paris", "--json", "expenses")
        #expect(paris.json["expenses"].array.map { $0["description"].string } == ["Cafe"])
        // The current trip (Rome) has none, and the default database was never created.
        #expect(try cli.ok("--db", other, "--json", "expenses").json["expenses"].array.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
    }

    @Test("a global option the command does not take is still a usage error")
    func unknownPlacement() throws {
        let cli = try CLI()
        try cli.run("--json").expectUsageError()
        try cli.run("--db").expectUsageError()
        try cli.run(["--json", "settle", "--", "x"]).expectUsageError()
    }
}
