import Foundation
import SplitCore

/// Everything a run of `split` reads or writes besides its arguments and its files: the
/// environment, the working directory, the three standard streams and whether they are
/// terminals.
///
/// The binary runs with ``process``. A test runs a command in-process with its own value
/// (``SplitProgram/run(_:io:)``), so it can give stdin, read stdout and stderr, and point the
/// environment at a sandbox without starting a process. It is a task-local, so every task a
/// command starts sees the same one, and commands running at once in one process never see
/// each other's.
public struct CommandIO: Sendable {
    /// The environment variables the command sees.
    public var environment: [String: String]
    /// The folder relative paths are read against; nil is the process's working directory.
    public var directory: String?
    /// stdin, read to its end.
    public var readInput: @Sendable () -> [UInt8]
    /// One line of stdin without its newline, nil at the end.
    public var readLine: @Sendable () -> String?
    public var writeOutput: @Sendable ([UInt8]) -> Void
    public var writeError: @Sendable ([UInt8]) -> Void
    public var inputIsTerminal: Bool
    public var outputIsTerminal: Bool
    public var errorIsTerminal: Bool
    /// New ids for this run; nil: random. A test passes its own to make ids predictable.
    public var ids: IDGenerator?
    /// "Now" for this run; nil: the system clock, or `SPLIT_NOW`. A test passes its own clock.
    public var now: (@Sendable () -> Timestamp)?

    public init(environment: [String: String], directory: String?,
                readInput: @escaping @Sendable () -> [UInt8], readLine: @escaping @Sendable () -> String?,
                writeOutput: @escaping @Sendable ([UInt8]) -> Void, writeError: @escaping @Sendable ([UInt8]) -> Void,
                inputIsTerminal: Bool = false, outputIsTerminal: Bool = false, errorIsTerminal: Bool = false,
                ids: IDGenerator? = nil, now: (@Sendable () -> Timestamp)? = nil) {
        self.environment = environment
        self.directory = directory
        self.readInput = readInput
        self.readLine = readLine
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.ids = ids
        self.now = now
    }

    /// The real process: its environment, working directory and file descriptors 0, 1 and 2.
    public static var process: CommandIO {
        CommandIO(
            environment: ProcessInfo.processInfo.environment, directory: nil,
            readInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
            readLine: { Swift.readLine(strippingNewline: true) },
            writeOutput: { FileHandle.standardOutput.write(Data($0)) },
            writeError: { FileHandle.standardError.write(Data($0)) },
            inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// The streams of the command running in this task.
    @TaskLocal public static var current: CommandIO = .process

    /// Writes text to stderr.
    public func error(_ text: String) { writeError(Array(text.utf8)) }

    /// Writes text to stdout.
    public func output(_ text: String) { writeOutput(Array(text.utf8)) }

    /// `path` as the process opens it: a relative path is read against ``directory``. Messages
    /// keep showing the path as the user typed it.
    public func resolve(_ path: String) -> String {
        guard let directory, !path.hasPrefix("/"), path != "-" else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
