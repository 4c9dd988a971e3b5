import Foundation
import SplitTestSupport
import Testing

@Suite("Hints for common guesses: other tools' words, shortened options, marked amounts")
struct CommonGuessTests {
    static let guesses: [Typo] = [
        Typo(["expense", "list"], "unknown command 'expense list'; did you mean 'expenses'?"),
        Typo(["add", "Foo", "10"], "unknown command 'add'; did you mean 'add-expense'?"),
        Typo(["delete", "4c99"], "unknown command 'delete'; did you mean 'expense delete'?"),
        Typo(["show", "4c99"], "unknown command 'show'; did you mean 'expense show'?"),
        Typo(["edit", "4c99", "--amount", "5"], "unknown command 'edit'; did you mean 'expense edit'?"),
        Typo(["--json", "payment", "list"], "unknown command 'payment list'; did you mean 'payments'?"),
        Typo(["add-expense", "Foo", "10", "--paid", "Ana"], "unknown option '--paid'; did you mean '--paid-by'?"),
        Typo(["pay", "Ana", "Beto", "5", "--curr", "PEN"], "unknown option '--curr'; did you mean '--currency'?"),
        Typo(["report", "--format", "pdf"],
             "report format 'pdf' is not one split writes; write the html report and print it to PDF from a browser: "
             + "split report --format html -o trip.html"),
        Typo(["report", "--format", "markdown"], "the value 'markdown' is invalid for '--format'; did you mean 'md'?"),
    ]

    @Test("a common guess gets what split calls it, exit 64, nothing written", arguments: guesses)
    func guess(_ typo: Typo) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        let result = try await cli.run(typo.arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "split: error: \(typo.message)\n", "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) == before)
    }

    @Test("an option that two options begin gets no guess")
    func ambiguousStart() async throws {
        let cli = try CLI()
        // --s begins both --since and --search, among others.
        let result = try await cli.run("expenses", "--s", "x")
        #expect(result.status == 64 && !result.stderr.contains("did you mean"), "\(result)")
    }

    @Test("an unknown expense that begins one description, ignoring case and accents, suggests it")
    func descriptionStart() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        try await cli.ok("member", "add", "Ana", "Beto")
        try await cli.ok("add-expense", "Coffee", "8", "--paid-by", "Ana")
        try await cli.ok("add-expense", "Café con leche", "9", "--paid-by", "Ana")
        try await cli.ok("add-expense", "Ceviche", "40", "--paid-by", "Beto")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        try await cli.fails(65, ["expense", "delete", "coff"],
                            "no expense with id or description 'coff' in this trip; did you mean 'Coffee'?")
        try await cli.fails(65, ["expense", "show", "CAFÉ CON"],
                            "no expense with id or description 'CAFÉ CON' in this trip; did you mean 'Café con leche'?")
        try await cli.fails(65, ["expense", "edit", "co", "--amount", "5"],
                            "no expense is described 'co', and an id prefix needs at least 4 characters; did you mean 'Coffee'?")
        // Begins all three: no guess, the list.
        let many = try await cli.fails(65, ["expense", "delete", "c"], "list them with: split expenses")
        #expect(!many.stderr.contains("did you mean"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) == before)
        try await cli.ok("expense", "delete", "coffee")
    }

    @Test("an amount with the currency's own mark is taken", arguments: [
        (["S/12"], "PEN", 12.0), (["12PEN"], "PEN", 12), (["12 pen"], "PEN", 12), (["S/.12.50"], "PEN", 12.5),
        (["S/ 7"], "PEN", 7), (["$12", "--currency", "USD"], "USD", 12), (["12€", "--currency", "EUR"], "EUR", 12),
        (["€12", "--currency", "eur"], "EUR", 12), (["$40", "--currency", "MXN"], "MXN", 40),
    ] as [([String], String, Double)])
    func markedAmount(_ amount: [String], _ currency: String, _ value: Double) async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        try await cli.ok("member", "add", "Ana", "Beto")
        let result = try await cli.run(["add-expense", "Taxi", amount[0], "--paid-by", "Ana", "--json"] + amount.dropFirst())
        #expect(result.status == 0, "\(result)")
        let added = result.json
        #expect(added["expenses"][0]["amount"].double == value, "\(added)")
        #expect(added["expenses"][0]["currency"].string == currency, "\(added)")
    }

    @Test("pay takes a marked amount too")
    func markedPayment() async throws {
        let cli = try CLI()
        try await cli.ok("trip", "create", "Lima", "--currency", "PEN")
        try await cli.ok("member", "add", "Ana", "Beto")
        let paid = try await cli.json("pay", "Beto", "Ana", "S/5")
        #expect(paid["payment"]["amount"].double == 5 && paid["payment"]["currency"].string == "PEN", "\(paid)")
    }
}
