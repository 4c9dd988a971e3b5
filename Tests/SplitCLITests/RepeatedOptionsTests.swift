import ArgumentParser
import Foundation
import SplitTestSupport
import Testing
@testable import SplitCLI

@Suite("No silent repeats: a single-value option given twice is refused")
struct RepeatedOptionsTests {
    /// A trip in soles with Ana, Beto and Carla, one expense and one payment to edit.
    static func lima() async throws -> (cli: CLI, expense: String, payment: String) {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        try await cli.ok("member", "add", "Ana", "Beto", "Carla")
        try await cli.ok("add-expense", "Taxi", "20", "--paid-by", "Ana")
        let payment = try await cli.json("pay", "Beto", "Ana", "5")["payment"]["id"].string
        return (cli, try await cli.expenseID("Taxi"), try #require(payment))
    }

    static let listed: [([String], String)] = [
        (["add-expense", "Taxi", "20", "--among", "Ana", "--among", "Beto"],
         "option --among was given twice (Ana, then Beto); give it once, as one list: --among Ana,Beto"),
        (["add-expense", "Taxi", "20", "--paid-by", "Carla", "--paid-by", "beto"],
         "option --paid-by was given twice (Carla, then beto); give it once, as one list: --paid-by Carla,beto"),
        (["add-expense", "Taxi", "20", "--among=Ana", "--among", "Beto", "--among=Carla"],
         "option --among was given 3 times (Ana, Beto, Carla); give it once, as one list: --among Ana,Beto,Carla"),
        (["add-expense", "Taxi", "20", "--exact", "Ana=10", "--exact", "Beto=10"],
         "option --exact was given twice (Ana=10, then Beto=10); give it once, as one list: --exact Ana=10,Beto=10"),
        (["add-expense", "Taxi", "20", "--shares", "Ana=1", "--shares", "Beto=2"],
         "option --shares was given twice (Ana=1, then Beto=2); give it once, as one list: --shares Ana=1,Beto=2"),
        (["add-expense", "Taxi", "20", "--percent", "Ana=50", "--percent", "Beto=50"],
         "option --percent was given twice (Ana=50, then Beto=50); give it once, as one list: --percent Ana=50,Beto=50"),
        (["add-expense", "Taxi", "20", "--date", "-1", "--date", "yesterday"],
         "option --date was given twice (-1, then yesterday); give it once"),
        (["add-expense", "Taxi", "20", "--category", "Meal", "--category", "Transport"],
         "option --category was given twice (Meal, then Transport); give it once"),
        (["add-expense", "Taxi", "20", "--currency", "PEN", "--currency", "USD"],
         "option --currency was given twice (PEN, then USD); give it once"),
        (["add-expense", "Taxi", "20", "--note", "a", "--note", "b"], "option --note was given twice (a, then b); give it once"),
        (["--trip", "Lima", "add-expense", "Taxi", "20", "--trip", "Lima"],
         "option --trip was given twice (Lima, then Lima); give it once"),
        (["pay", "Beto", "Ana", "5", "--note", "x", "--note", "y"], "option --note was given twice (x, then y); give it once"),
        (["pay", "Beto", "Ana", "5", "--date", "today", "--date=-2"],
         "option --date was given twice (today, then -2); give it once"),
        (["trip", "create", "Cusco", "--currency", "PEN", "--currency", "USD"],
         "option --currency was given twice (PEN, then USD); give it once"),
    ]

    @Test("refused with exit 64, one line showing the one-list form, and the database byte-identical", arguments: listed)
    func refused(_ arguments: [String], _ message: String) async throws {
        let (cli, _, _) = try await Self.lima()
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        let result = try await cli.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "split: error: \(message)\n", "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) == before)
    }

    @Test("expense edit and payment edit refuse repeats too")
    func edits() async throws {
        let (cli, expense, payment) = try await Self.lima()
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        try await cli.fails(64, ["expense", "edit", expense, "--among", "Ana", "--among", "Beto"],
                            "option --among was given twice", "--among Ana,Beto")
        try await cli.fails(64, ["expense", "edit", expense, "--amount", "10", "--amount", "12"],
                            "option --amount was given twice (10, then 12); give it once")
        try await cli.fails(64, ["payment", "edit", payment, "--amount", "10", "--amount", "12"],
                            "option --amount was given twice (10, then 12); give it once")
        try await cli.fails(64, ["payment", "edit", payment, "--note", "a", "--note", "b"], "option --note was given twice")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) == before)
    }

    @Test("what may repeat still does: --item, and words after --")
    func allowed() async throws {
        let (cli, _, _) = try await Self.lima()
        let items = try await cli.json("add-expense", "Lunch", "--paid-by", "Ana", "--item", "Soup=10:Ana", "--item", "Fish=20:Beto")
        #expect(items["expenses"][0]["amount"].double == 30, "\(items)")
        let after = try await cli.run("add-expense", "--note", "x", "Cab", "--", "--note")
        #expect(!after.stderr.contains("was given"), "\(after)")
    }

    /// Every repeatable option of every command says so in its help, so people know which
    /// options add up; the walk finds at least `--item`, so it cannot pass empty.
    @Test("repeatable options say 'repeatable' in --help")
    func repeatableSaysSo() {
        var repeatable: [String] = []
        func walk(_ command: any ParsableCommand.Type, _ path: String) {
            for option in CommandOptions(command).options where option.isRepeating {
                repeatable.append("\(path) \(option.name)")
                #expect(option.help.lowercased().contains("repeatable"), "\(path) \(option.name): \(option.help)")
            }
            for sub in command.configuration.subcommands { walk(sub, path + " " + sub._commandName) }
        }
        walk(SplitCommand.self, "split")
        #expect(repeatable.contains("split add-expense --item") && repeatable.contains("split expense edit --item"))
    }

    @Test("the definitions are read from ArgumentParser: names, values, lists")
    func table() throws {
        let options = CommandOptions(AddExpenseCommand.self)
        let among = try #require(options.option(typed: "--among=Ana"))
        #expect(among.takesValue && !among.isRepeating && among.takesList)
        let date = try #require(options.option(typed: "--date"))
        #expect(date.takesValue && !date.takesList)
        #expect(options.option(typed: "--item")?.isRepeating == true)
        #expect(options.option(typed: "--json")?.takesValue == false)
        #expect(options.option(typed: "--nothing") == nil)
    }
}
