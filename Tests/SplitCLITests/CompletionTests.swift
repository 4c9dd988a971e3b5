import Foundation
import SplitTestSupport
import Testing

/// Shell completion of names and ids: the generated scripts call `split ---completion …` on
/// TAB, and `split` answers from the database the typed line would use, read-only.
@Suite("Shell completion")
struct CompletionTests {
    /// What `split` offers for `words` (the whole typed line, `split` first; the last word is
    /// the one completed) when the script asks about `argument` of `command`. Runs in-process:
    /// the script's call is an ordinary command line.
    static func offered(_ cli: CLI, _ command: [String], _ argument: String, _ words: [String],
                        env: [String: String] = [:]) async throws -> [String] {
        let result = try await cli.run(["---completion"] + command + ["--", argument, String(words.count - 1),
                                        String(words.last?.count ?? 0)] + words, env: env)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        // zsh's scripts get a last " " line from ArgumentParser; the candidates are the rest.
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test("members after --paid-by, a list after --among, NAME= after --exact, the members of --trip")
    func members() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("trip", "create", "Kyoto", "--currency", "JPY")
        try await cli.ok("member", "add", "Eiko", "Fumi", "--trip", "Kyoto")
        try await cli.ok("trip", "use", "Tokyo Trip")
        let line = ["split", "add-expense", "Lunch", "10"]
        #expect(try await Self.offered(cli, ["add-expense"], "--paid-by", line + ["--paid-by", ""]) == ["Alex", "Bea", "Chen", "Dana"])
        #expect(try await Self.offered(cli, ["add-expense"], "--among", line + ["--among", "Bea,"])
                == ["Bea,Alex", "Bea,Chen", "Bea,Dana"])
        #expect(try await Self.offered(cli, ["add-expense"], "--exact", line + ["--exact", "alex=10,"])
                == ["alex=10,Bea=", "alex=10,Chen=", "alex=10,Dana="])
        #expect(try await Self.offered(cli, ["add-expense"], "--exact", line + ["--exact", "Alex=1"]).isEmpty)
        // --trip before or after, quoted as typed; the current trip stays Tokyo.
        #expect(try await Self.offered(cli, ["pay"], "positional@0", ["split", "--trip", "'Kyoto'", "pay", ""]) == ["Eiko", "Fumi"])
        #expect(try await Self.offered(cli, ["expenses"], "--member", ["split", "expenses", "--trip=Kyoto", "--member", "F"])
                == ["Eiko", "Fumi"])
        #expect(try await Self.offered(cli, ["member", "remove"], "positional@0", ["split", "member", "remove", ""]).count == 4)
        // The receiver of a payment is anyone but its payer.
        #expect(try await Self.offered(cli, ["pay"], "positional@1", ["split", "pay", "bea", ""]) == ["Alex", "Chen", "Dana"])
    }

    @Test("trip names, expense and payment ids with what they are, from --db")
    func tripsAndIDs() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        try await cli.ok("trip", "create", "Kyoto", "--currency", "JPY")
        try await cli.ok("trip", "use", "Tokyo Trip")
        try await cli.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try await cli.ok("pay", "Bea", "Alex", "3000")
        #expect(try await Self.offered(cli, ["trip", "use"], "positional@0", ["split", "trip", "use", ""]) == ["Kyoto", "Tokyo Trip"])
        let id = try await cli.expenseID("Dinner")
        let expenses = try await Self.offered(cli, ["expense", "show"], "positional@0", ["split", "expense", "show", ""],
                                              env: ["SAP_SHELL": "zsh"])
        #expect(expenses == [String(id.prefix(8)) + ":Dinner"])
        let payments = try await Self.offered(cli, ["payment", "delete"], "positional@0", ["split", "payment", "delete", ""],
                                              env: ["SAP_SHELL": "fish"])
        #expect(payments.count == 1 && payments[0].hasSuffix("\tBea → Alex JPY 3000 2025-01-20"), "\(payments)")
        // Another file, named by --db: its trips, not the default file's.
        try await cli.ok("trip", "create", "Nara", "--db", "other.sqlite")
        #expect(try await Self.offered(cli, ["trip", "delete"], "positional@0",
                                       ["split", "trip", "delete", "--db", "other.sqlite", ""]) == ["Nara"])
    }

    @Test("no database: nothing offered, nothing printed, no file made; a database is never written")
    func readOnly() async throws {
        let cli = try CLI()
        #expect(try await Self.offered(cli, ["trip", "use"], "positional@0", ["split", "trip", "use", ""]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
        try await cli.setUpTokyo()
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase))
        let unknownTrip = ["split", "pay", "--trip", "Nowhere", ""]
        #expect(try await Self.offered(cli, ["pay"], "positional@0", unknownTrip).isEmpty)
        #expect(try await Self.offered(cli, ["pay"], "positional@0", ["split", "pay", ""]).count == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.defaultDatabase)) == before)
    }

    @Test("the bash script, sourced in bash, offers the trip's members and trips")
    func bash() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let script = try await cli.runProcess(["--generate-completion-script", "bash"])
        script.expectOK()
        let scriptPath = try cli.write("split.bash", script.stdout)
        // Each case sets the words as bash would for the line typed, then calls the function
        // that `complete -F` names, and prints what it offers.
        let driver = """
            source "$1"
            offer() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                _split split "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}" "--"
            }
            offer split add-expense Lunch 10 --paid-by ''
            offer split trip use ''
            """
        var environment = cli.childEnvironment([:])
        environment["PATH"] = URL(fileURLWithPath: try cli.binary).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let shell = try ToolRun("/bin/bash", ["--noprofile", "--norc", "-c", driver, "bash", scriptPath], environment: environment)
        let text = shell.stdout
        #expect(shell.status == 0 && shell.stderr.isEmpty, "\(shell.stderr)")
        let answers = text.components(separatedBy: "--\n").map { $0.split(separator: "\n").map(String.init).sorted() }
        #expect(answers.first == ["Alex", "Bea", "Chen", "Dana"], "\(text)")
        #expect(answers.dropFirst().first == ["Tokyo Trip"], "\(text)")
    }
}
