import ArgumentParser
import Foundation
import SplitCore

/// Runs the command line and turns every failure into one line on stderr and an exit code.
///
/// Errors that carry a ``UserFacingError`` kind map through ``ExitStatus``; ArgumentParser's
/// usage errors keep its exit code (64) and become one line too (``UsageMessage``), while
/// `--help` and `--version` print as ArgumentParser prints them.
public enum SplitProgram {
    /// The binary's entry point: runs with the process's streams, then exits with the code.
    public static func main() async -> Never {
        let code = await run(Array(CommandLine.arguments.dropFirst()))
        exit(code)
    }

    /// Runs one command line with `io` (the process's streams unless a test gives its own)
    /// and returns the exit code. Nothing here exits the process, so a test can run
    /// commands in-process and read what they wrote.
    public static func run(_ arguments: [String], io: CommandIO = .current) async -> Int32 {
        await CommandIO.$current.withValue(io) {
            await runHere(arguments)
        }
    }

    private static func runHere(_ arguments: [String]) async -> Int32 {
        let io = CommandIO.current
        let given = GlobalArguments.hoisted(arguments)
        // ArgumentParser reads `-5` as an unknown flag; say what is really wrong. After a date
        // option it is a date (5 days ago), which that option reads itself.
        let beforeDashes = Array(given.prefix(while: { $0 != "--" }))
        for (index, argument) in beforeDashes.enumerated() where isNegativeNumber(argument) {
            if index > 0, DateInput.options.contains(beforeDashes[index - 1]) { continue }
            return fail("'\(argument)' is negative; amounts must be greater than zero", code: ExitStatus.code(for: .data))
        }
        // ArgumentParser keeps the last of a repeated option; refuse it instead (exit 64).
        if let repeated = RepeatedOptions.refusal(given) { return fail(repeated, code: ExitStatus.code(for: .usage)) }
        do {
            // `split` alone says where you are (``OverviewCommand``), not the whole help.
            var command: any ParsableCommand = given.isEmpty ? try OverviewCommand.parse([]) : try ParseReuse.parse(given)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as UserFacingError {
            return fail(error.message, code: ExitStatus.code(for: error.kind))
        } catch {
            let code = SplitCommand.exitCode(for: error)
            guard code == .success else {
                // A usage error, or an error of no split type: one line like every other.
                let message = UsageMessage.line(for: error, arguments: arguments)
                return message.isEmpty ? code.rawValue : fail(message, code: code.rawValue)
            }
            // Help, completion scripts and the version, printed as ArgumentParser's
            // `exit(withError:)` would, with the usage line wrapped.
            let text = UsageWrapping.wrap(SplitCommand.fullMessage(for: error))
            if !text.isEmpty { io.output(text + "\n") }
            return 0
        }
    }

    static func isNegativeNumber(_ argument: String) -> Bool {
        guard argument.count > 1, argument.first == "-" else { return false }
        let rest = argument.dropFirst()
        return rest.first?.isASCII == true && rest.first?.isNumber == true
    }

    /// One line on stderr, and the code to exit with: control characters a user typed into a
    /// name (a newline, an escape) are shown as `\u{A}` so the message stays one line and
    /// cannot drive the terminal.
    static func fail(_ message: String, code: Int32) -> Int32 {
        CommandIO.current.error("split: error: " + TextRules.escapingControls(message) + "\n")
        return code
    }
}
