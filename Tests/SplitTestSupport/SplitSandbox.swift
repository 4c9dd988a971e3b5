import Foundation
import SplitCLI
import SplitCore

// Runs `split` in a fresh temporary directory per sandbox: in-process (`run`, the default), or
// as the built binary (`runProcess`, `start`, `launch`) where a test needs a real process: exit
// codes of the binary itself, signals and kill -9, several processes on one file.
//
// Each sandbox's directory is HOME, XDG_DATA_HOME and XDG_CONFIG_HOME, so the default database is
// `<dir>/data/split/split.sqlite` and credentials live under `<dir>/config/split`. SPLIT_DB,
// SPLIT_SERVER and SPLIT_TOKEN are removed from the child's environment (tests that need them set
// them explicitly) and SPLIT_NOW fixes the clock. An in-process run gets that environment, the
// sandbox as its working directory and stdin, stdout and stderr of its own (``CommandIO``); a
// process's stdout and stderr go to files rather than pipes, so large outputs cannot dead-lock and
// many processes can run at once.

/// The fixed clock of every run, and the day dates default to.
public let fixedNow = "2025-01-20T09:00:00Z"
public let fixedToday = "2025-01-20"

public enum HarnessError: Error, CustomStringConvertible {
    case binaryNotFound(searched: [String])
    case timedOut([String])

    public var description: String {
        switch self {
        case .binaryNotFound(let searched):
            return "cannot find the split binary; build it first or set SPLIT_BIN. Searched: "
                + searched.joined(separator: ", ")
        case .timedOut(let arguments):
            return "split \(arguments.joined(separator: " ")) did not finish in time"
        }
    }
}

/// Finds the `split` executable: `$SPLIT_BIN`, else the build directory holding the running
/// test bundle (walking up from `CommandLine.arguments[0]` and the loaded bundles).
public func locateSplitBinary() throws -> String {
    let fileManager = FileManager.default
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["SPLIT_BIN"], !override.isEmpty {
        return override
    }
    var starts: [URL] = []
    if let first = CommandLine.arguments.first {
        starts.append(URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: fileManager.currentDirectoryPath))
            .standardizedFileURL.deletingLastPathComponent())
    }
    starts += Bundle.allBundles.map { URL(fileURLWithPath: $0.bundlePath).standardizedFileURL }
    var searched: [String] = []
    for start in starts {
        var directory = start
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("split").path
            searched.append(candidate)
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               fileManager.isExecutableFile(atPath: candidate) {
                return candidate
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
    }
    throw HarnessError.binaryNotFound(searched: searched)
}

/// The located binary, looked up once per test process.
public let splitBinaryPath: Result<String, HarnessError> = {
    do { return .success(try locateSplitBinary()) } catch let error as HarnessError {
        return .failure(error)
    } catch {
        return .failure(.binaryNotFound(searched: []))
    }
}()

/// What one run of `split` produced.
public struct SplitResult: CustomStringConvertible, Sendable {
    public let arguments: [String]
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(arguments: [String], status: Int32, stdout: String, stderr: String) {
        self.arguments = arguments
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    public var succeeded: Bool { status == 0 }

    /// stdout parsed as JSON (null when it is not JSON).
    public var json: JSON { JSON(parsing: stdout) }

    /// stderr's lines, without the final newline.
    public var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    public var description: String {
        "split \(arguments.joined(separator: " ")) -> \(status)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)"
    }
}

/// A started `split` process whose output goes to two files of its sandbox.
public final class RunningSplit: @unchecked Sendable {
    public let arguments: [String]
    public let process: Process
    let outURL: URL
    let errURL: URL
    let done = DispatchSemaphore(value: 0)

    init(arguments: [String], process: Process, outURL: URL, errURL: URL) {
        self.arguments = arguments
        self.process = process
        self.outURL = outURL
        self.errURL = errURL
    }

    /// Waits until the process ends (at most `timeout` seconds, then kills it and throws). The
    /// wait blocks a Dispatch thread, never one of Swift's cooperative threads, so commands run
    /// in-process meanwhile go on.
    public func wait(timeout: TimeInterval = 120) async throws -> SplitResult {
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async { [done] in
                let ended = done.wait(timeout: .now() + timeout) == .success
                if ended { done.signal() }
                continuation.resume(returning: ended)
            }
        }
        guard finished else {
            process.terminate()
            throw HarnessError.timedOut(arguments)
        }
        return collect()
    }

    /// The result of the ended process; its output files are removed.
    func collect() -> SplitResult {
        process.waitUntilExit()
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
        return SplitResult(arguments: arguments, status: process.terminationStatus, stdout: out, stderr: err)
    }
}

/// One test's sandbox: a temporary directory and the environment pointing into it.
public final class SplitSandbox: @unchecked Sendable {
    public let directory: URL
    /// The built `split`, located when a test first starts a process: in-process runs need none.
    public var binary: String { get throws { try splitBinaryPath.get() } }
    /// New ids for in-process runs (nil: random), so a test can predict them.
    public var ids: IDGenerator?
    /// "Now" for in-process runs (nil: `SPLIT_NOW`'s fixed instant).
    public var now: (@Sendable () -> Timestamp)?
    /// Extra environment for every run (e.g. SPLIT_DB).
    public var environment: [String: String] = [:]

    public init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("split-tests-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Turns on ``SplitProgram/reuseParses()`` once per test process.
    private static let reuseParses: Void = SplitProgram.reuseParses()

    /// The default database of this sandbox (`$XDG_DATA_HOME/split/split.sqlite`).
    public var databasePath: String { directory.appendingPathComponent("data/split/split.sqlite").path }

    /// Where `split` keeps its configuration and credentials in this sandbox.
    public var configDirectory: String { directory.appendingPathComponent("config/split").path }

    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes a file into the sandbox and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The environment a run sees: the parent's, minus anything split reads, plus the sandbox.
    public func childEnvironment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["SPLIT_DB", "SPLIT_SERVER", "SPLIT_TOKEN", "SPLIT_NOW", "SPLIT_BIN", "XDG_DATA_HOME", "XDG_CONFIG_HOME"] {
            env[key] = nil
        }
        env["HOME"] = directory.path
        env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["SPLIT_NOW"] = fixedNow
        // The automatic sync after a change gets a budget a busy machine meets: cut short at
        // the product's 1.5 s, a change the next step relies on (a member another device then
        // pulls) may not have reached the server yet. Tests of the budget set their own.
        env["SPLIT_SYNC_TIMEOUT"] = "120"
        env.merge(environment) { $1 }
        env.merge(extra) { $1 }
        return env
    }

    /// `split arguments` in this sandbox's environment and directory, not started.
    func process(_ arguments: [String], env extra: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary)
        process.arguments = arguments
        process.environment = childEnvironment(extra)
        process.currentDirectoryURL = directory
        return process
    }

    /// `split arguments` with stdin fed from `stdin` (or /dev/null) and output to files, not started.
    func prepare(_ arguments: [String], stdin: String?, env: [String: String]) throws -> RunningSplit {
        let token = UUID().uuidString.lowercased()
        let io = directory.appendingPathComponent(".io", isDirectory: true)
        try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
        let outURL = io.appendingPathComponent("\(token).out")
        let errURL = io.appendingPathComponent("\(token).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = try process(arguments, env: env)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let stdin {
            let inURL = io.appendingPathComponent("\(token).in")
            try Data(stdin.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        return RunningSplit(arguments: arguments, process: process, outURL: outURL, errURL: errURL)
    }

    /// Closes this side's copies of the output files once the child has its own.
    private func closeParentHandles(_ process: Process) {
        try? (process.standardOutput as? FileHandle)?.close()
        try? (process.standardError as? FileHandle)?.close()
    }

    // MARK: - In-process runs

    /// Runs `split arguments` in this process, with the sandbox's environment and folder, and
    /// stdin fed from `stdin` (else empty, as from /dev/null). `terminal`: stdout reads as a
    /// terminal, as when a person runs the command.
    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:],
                    terminal: Bool = false) async throws -> SplitResult {
        // The same command lines run thousands of times here; each is parsed once (a parse
        // depends on the arguments alone, and a debug build re-validates every command type).
        Self.reuseParses
        let streams = CapturedStreams(stdin: stdin ?? "")
        let io = CommandIO(
            environment: childEnvironment(env), directory: directory.path,
            readInput: { streams.readAll() }, readLine: { streams.readLine() },
            writeOutput: { streams.output($0) }, writeError: { streams.error($0) }, outputIsTerminal: terminal,
            ids: ids, now: now)
        let status = await SplitProgram.run(arguments, io: io)
        return SplitResult(arguments: arguments, status: status, stdout: streams.stdout, stderr: streams.stderr)
    }

    /// `run(["a", "b"])` spelled `run("a", "b")`.
    @discardableResult
    public func run(_ arguments: String...) async throws -> SplitResult {
        try await run(arguments)
    }

    // MARK: - Processes

    /// Starts the `split` binary without waiting for it.
    public func start(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> RunningSplit {
        let running = try prepare(arguments, stdin: stdin, env: env)
        running.process.terminationHandler = { [done = running.done] _ in done.signal() }
        try running.process.run()
        closeParentHandles(running.process)
        return running
    }

    /// Runs the `split` binary to completion without blocking a thread: a server under test
    /// may run in this process, and a blocked cooperative thread could keep it from answering
    /// the very command being waited for.
    @discardableResult
    public func runProcess(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) async throws -> SplitResult {
        let running = try prepare(arguments, stdin: stdin, env: env)
        try await withCheckedThrowingContinuation { (finished: CheckedContinuation<Void, any Error>) in
            running.process.terminationHandler = { _ in finished.resume() }
            do {
                try running.process.run()
            } catch {
                running.process.terminationHandler = nil
                finished.resume(throwing: error)
            }
        }
        closeParentHandles(running.process)
        return running.collect()
    }

    /// Starts `split` and returns at once, its output discarded: for a test that kills it.
    public func launch(_ arguments: [String]) throws -> Process {
        let process = try process(arguments, env: [:])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
