import Foundation
import SplitTestSupport
import Testing

@Suite("Harness")
struct HarnessTests {
    @Test("the split binary is found next to the test bundle and runs in a sandbox")
    func binaryIsFound() async throws {
        let cli = try CLI()
        let binary = try cli.binary
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        if ProcessInfo.processInfo.environment["SPLIT_BIN"] == nil {
            #expect(binary.hasSuffix("/split"))
        }
        let version = try await cli.runProcess(["--version"])
        version.expectOK()
        #expect(version.stdout == "split 0.1.0\n")
        // The sandbox's default database lives under XDG_DATA_HOME.
        try await cli.ok("trip", "list")
        #expect(FileManager.default.fileExists(atPath: cli.defaultDatabase))
    }

    @Test("stdin is fed and large outputs are captured whole")
    func stdinAndLargeOutput() async throws {
        let cli = try CLI()
        try await cli.setUpTokyo()
        let lines = (1...400).map { #"{"description":"Item \#($0) with a long enough description to make output big","amount":\#($0),"paidBy":"Alex"}"# }
        let added = try await cli.run(["add-expense", "--batch", "-"], stdin: lines.joined(separator: "\n") + "\n")
        added.expectSuccess()
        let listing = try await cli.run("expenses", "--json")
        #expect(listing.stdout.utf8.count > 200_000)
        #expect(listing.json["expenses"].count == 400)
    }

    @Test("an in-process run and a run of the binary see the same sandbox, and end alike")
    func inProcessAndBinary() async throws {
        let cli = try CLI()
        let created = try await cli.runProcess(["trip", "create", "Kyoto", "--currency", "JPY"])
        created.expectOK()
        let listed = try await cli.ok(["trip", "list", "--json"])
        #expect(listed.json["trips"].array.map { $0["name"].string } == ["Kyoto"], "\(listed)")
        // A relative --db is read against the sandbox in both.
        try await cli.ok("trip", "create", "Nara", "--currency", "JPY", "--db", "other.sqlite")
        #expect(FileManager.default.fileExists(atPath: cli.path("other.sqlite")))
        let binaryList = try await cli.runProcess(["trip", "list", "--json", "--db", "other.sqlite"])
        #expect(binaryList.json["trips"].array.map { $0["name"].string } == ["Nara"], "\(binaryList)")
        // The same failure: the same code, the same one line on stderr, nothing on stdout.
        let inProcess = try await cli.fails(65, ["trip", "use", "Nara"], "no trip 'Nara'")
        let binary = try await cli.runProcess(["trip", "use", "Nara"])
        #expect(binary.status == inProcess.status && binary.stderr == inProcess.stderr && binary.stdout == inProcess.stdout,
                "\(binary)\n\(inProcess)")
        // Usage errors and --help too.
        for arguments in [["add-expense", "--bogus"], ["settle", "--help"], ["--version"]] {
            let here = try await cli.run(arguments)
            let there = try await cli.runProcess(arguments)
            #expect(here.status == there.status && here.stdout == there.stdout && here.stderr == there.stderr,
                    "\(here)\n\(there)")
        }
    }

    @Test("the sandbox hides the parent's split settings and pins the clock")
    func childEnvironment() async throws {
        let cli = try CLI()
        cli.environment["SPLIT_DB"] = "/elsewhere.sqlite"
        let env = cli.childEnvironment(["SPLIT_TOKEN": "t"])
        #expect(env["SPLIT_SERVER"] == nil)
        #expect(env["SPLIT_BIN"] == nil)
        #expect(env["SPLIT_DB"] == "/elsewhere.sqlite")
        #expect(env["SPLIT_TOKEN"] == "t")
        #expect(env["SPLIT_NOW"] == fixedNow)
        #expect(env["HOME"] == cli.directory.path)
        #expect(env["XDG_DATA_HOME"] == cli.path("data"))
        #expect(env["XDG_CONFIG_HOME"] == cli.path("config"))
    }

    /// Each of these results breaks one rule of `expectError(1, "gone")`.
    static let badErrors: [(String, CLIResult)] = [
        ("wrong code", CLIResult(arguments: [], status: 2, stdout: "", stderr: "split: error: gone\n")),
        ("stdout", CLIResult(arguments: [], status: 1, stdout: "x\n", stderr: "split: error: gone\n")),
        ("two lines", CLIResult(arguments: [], status: 1, stdout: "", stderr: "split: error: gone\nsplit: error: again\n")),
        ("no prefix", CLIResult(arguments: [], status: 1, stdout: "", stderr: "Error: gone\n")),
        ("no newline", CLIResult(arguments: [], status: 1, stdout: "", stderr: "split: error: gone")),
        ("phrase", CLIResult(arguments: [], status: 1, stdout: "", stderr: "split: error: here\n")),
    ]

    @Test("expectError holds every rule", arguments: badErrors.indices)
    func expectErrorIsStrict(_ index: Int) {
        let good = CLIResult(arguments: [], status: 1, stdout: "", stderr: "split: error: gone\n")
        #expect(good.errorViolations(1, ["gone"]).isEmpty)
        let (rule, bad) = Self.badErrors[index]
        #expect(!bad.errorViolations(1, ["gone"]).isEmpty, "\(rule) must be reported")
    }

    @Test("a trap's messages or a signal's status count as a crash")
    func crashSigns() {
        #expect(CLIResult(arguments: [], status: 1, stdout: "", stderr: "split: error: gone\n").crashSigns().isEmpty)
        #expect(!CLIResult(arguments: [], status: 139, stdout: "", stderr: "").crashSigns().isEmpty)
        #expect(!CLIResult(arguments: [], status: -1, stdout: "", stderr: "").crashSigns().isEmpty)
        for marker in ["Fatal error: x", "Stack dump:", "Current stack trace:"] {
            #expect(!CLIResult(arguments: [], status: 1, stdout: "", stderr: marker + "\n").crashSigns().isEmpty, "\(marker)")
        }
    }

    @Test("ok refuses a failure and any error on stderr")
    func okIsStrict() {
        #expect(!CLIResult(arguments: [], status: 1, stdout: "", stderr: "").okViolations().isEmpty)
        #expect(!CLIResult(arguments: [], status: 0, stdout: "", stderr: "warning: error ignored\n").okViolations().isEmpty)
        #expect(CLIResult(arguments: [], status: 0, stdout: "ok\n", stderr: "").okViolations().isEmpty)
    }
}
