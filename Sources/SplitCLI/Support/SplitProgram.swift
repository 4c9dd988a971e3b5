import ArgumentParser
import Foundation
import SplitCore

/// Runs the command line and turns every failure into one line on stderr and an exit code.
///
/// Errors that carry a ``UserFacingError`` kind map through ``ExitStatus``; parse errors and
/// `--help` go through ArgumentParser's own handling (exit 64 for usage errors).
public enum SplitProgram {
    public static func main(_ arguments: [String]? = nil) async -> Never {
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        // ArgumentParser reads `-5` as an unknown flag; say what is really wrong.
        for argument in given.prefix(while: { $0 != "--" }) where isNegativeNumber(argument) {
            fail("'\(argument)' is negative; amounts must be greater than zero", code: ExitStatus.code(for: .data))
        }
        do {
            var command = try SplitCommand.parseAsRoot(given)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            exit(0)
        } catch let error as UserFacingError {
            fail(error.message, code: ExitStatus.code(for: error.kind))
        } catch {
            SplitCommand.exit(withError: error)
        }
    }

    static func isNegativeNumber(_ argument: String) -> Bool {
        guard argument.count > 1, argument.first == "-" else { return false }
        let rest = argument.dropFirst()
        return rest.first?.isASCII == true && rest.first?.isNumber == true
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data(("split: error: " + message + "\n").utf8))
        exit(code)
    }
}
