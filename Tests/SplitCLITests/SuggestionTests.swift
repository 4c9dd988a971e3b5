import Foundation
import Testing
@testable import SplitCLI

/// One mistyped command line and the one line it must get.
struct Typo: Sendable, CustomStringConvertible {
    let arguments: [String]
    let message: String

    init(_ arguments: [String], _ message: String) {
        self.arguments = arguments
        self.message = message
    }

    var description: String { arguments.joined(separator: " ") }
}

@Suite("Suggestions: one error style, did you mean …?")
struct SuggestionTests {
    static let typos: [Typo] = [
        Typo(["settel"], "unknown command 'settel'; did you mean 'settle'?"),
        Typo(["--json", "bogus"], "unknown command 'bogus'; see 'split --help' for the commands"),
        Typo(["--db", "x.sqlite", "--json", "setle"], "unknown command 'setle'; did you mean 'settle'?"),
        Typo(["trip", "lst"], "unknown command 'trip lst'; did you mean 'trip list'?"),
        Typo(["settle", "--mien"], "unknown option '--mien'; did you mean '--mine'?"),
        Typo(["--json", "settle", "--mien"], "unknown option '--mien'; did you mean '--mine'?"),
        Typo(["add-expense", "X", "5", "--jsn"], "unknown option '--jsn'; did you mean '--json'?"),
        // ArgumentParser would offer '--in' here; it is too far to be a typo of it.
        Typo(["settle", "--xyz"], "unknown option '--xyz'; see 'split settle --help'"),
        Typo(["add-expense", "X", "1", "extra", "--paid-by", "Alex"], "unexpected argument 'extra'; see 'split add-expense --help'"),
        Typo(["pay", "Alex", "Bea"], "missing expected argument '<amount>'; see 'split pay --help'"),
        Typo(["--json"], "a command is missing after '--json'; see 'split --help' for the commands"),
        Typo(["log", "--limit", "many"], "the value 'many' is invalid for '--limit <limit>'; see 'split log --help'"),
    ]

    @Test("a mistyped command line gets one line, exit 64, and nothing is created", arguments: typos)
    func typo(_ typo: Typo) async throws {
        let cli = try CLI()
        let result = try await cli.run(typo.arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "split: error: \(typo.message)\n", "\(result)")
        #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
    }

    @Test("the nearest word is suggested only when it is close", arguments: [
        ("settel", ["settle", "summary"], "settle"), ("sumary", ["settle", "summary"], "summary"),
        ("--mien", ["--mine", "--in"], "--mine"), ("lst", ["list", "use"], "list"), ("LIST", ["list"], "list"),
        ("bogus", ["balances", "log", "undo"], nil), ("--xyz", ["--in"], nil), ("lg", ["log"], "log"), ("xy", ["log"], nil),
    ] as [(String, [String], String?)])
    func nearest(_ typed: String, _ candidates: [String], _ expected: String?) {
        #expect(Suggestion.nearest(to: typed, among: candidates) == expected)
    }

    @Test("a swap of two neighbours is one step")
    func transposition() {
        #expect(Suggestion.distance(Array("settel"), Array("settle")) == 1)
        #expect(Suggestion.distance(Array("abc"), Array("")) == 3)
        #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
    }
}
