import Foundation
import Testing

@Suite("Help, version and completion")
struct HelpTests {
    static let commands: [String] = [
        "", "trip", "trip create", "trip list", "trip use", "trip show", "trip rename", "trip delete", "trip rate",
        "member", "member add", "member list", "member rename", "member remove",
        "add-expense", "expenses", "expense", "expense show", "expense edit", "expense delete",
        "balances", "settle", "pay", "mark-paid", "summary", "log", "undo", "import", "export", "upload", "conversions",
        "trip pull", "trip invite", "trip unlink", "sync", "status", "conflicts", "resolve", "join", "config",
        "config set", "config get",
    ]

    @Test("--help of every command exits 0 and shows an example", arguments: commands)
    func help(_ command: String) async throws {
        let cli = try CLI()
        let path = command.split(separator: " ").map(String.init)
        let result = try await cli.run(path + ["--help"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("USAGE: split\(command.isEmpty ? "" : " " + command)"), "\(result)")
        #expect(result.stdout.contains("Example"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        // Help never touches a database.
        #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
        // `split help <command>` says the same.
        let viaHelp = try await cli.run(["help"] + path)
        #expect(viaHelp.status == 0 && viaHelp.stdout == result.stdout, "\(viaHelp)")
    }

    @Test("the root help lists every command and the exit codes")
    func rootHelp() async throws {
        let cli = try CLI()
        let help = try await cli.ok("--help").stdout
        for command in ["trip", "member", "add-expense", "expenses", "expense", "balances", "settle", "pay", "mark-paid",
                        "summary", "log", "undo", "import", "export", "upload"] {
            #expect(help.contains("\n  \(command) "), "missing \(command)")
        }
        // The exit codes, one per line, as ExitStatus lists them.
        for code in ["0", "64", "65", "66", "69", "70", "74", "75", "76", "77"] {
            #expect(help.contains("\n  \(code) "), "missing exit code \(code)")
        }
        #expect(help.contains("64  usage") && help.contains("74  database"))
        #expect(help.contains("--json settle"), "global options before the command are explained")
    }

    @Test("help fits 80 columns", arguments: commands)
    func helpWidth(_ command: String) async throws {
        let cli = try CLI()
        let path = command.split(separator: " ").map(String.init)
        let help = try await cli.run(path + ["--help"], env: ["COLUMNS": "80"]).stdout
        var previous = ""
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "split \(command) --help: '\(line)' is \(line.count) columns")
            // An example or an exit code that ArgumentParser had to wrap continues at column 0.
            let listed = previous.hasPrefix("  split ") || previous.range(of: #"^  \d+ "#, options: .regularExpression) != nil
            #expect(!(listed && !line.isEmpty && !line.hasPrefix(" ")),
                    "split \(command) --help wraps '\(previous)' into '\(line)'")
            previous = String(line)
        }
    }

    @Test("--version prints the version")
    func version() async throws {
        let cli = try CLI()
        let result = try await cli.ok("--version")
        #expect(result.stdout == "split 0.1.0\n")
    }

    @Test("completion scripts mention the commands", arguments: ["bash", "zsh", "fish"])
    func completion(_ shell: String) async throws {
        let cli = try CLI()
        let result = try await cli.ok("--generate-completion-script", shell)
        #expect(result.stdout.contains("add-expense"))
        #expect(result.stdout.contains("mark-paid"))
        #expect(result.stdout.count > 500)
    }
}
