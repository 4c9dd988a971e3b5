import Foundation
import Testing

// End-to-end harness: runs the built `split` binary in a fresh temporary directory per test.
//
// Each `CLI` gets its own directory, used as HOME, XDG_DATA_HOME and XDG_CONFIG_HOME, so the
// default database is `<dir>/data/split/split.sqlite`. SPLIT_DB is removed from the child's
// environment (tests that need it set it explicitly) and SPLIT_NOW fixes the clock.
// stdout and stderr go to files rather than pipes, so large outputs cannot dead-lock and many
// processes can run at once.

/// The fixed clock of every run, and the day dates default to.
let fixedNow = "2025-01-20T09:00:00Z"
let fixedToday = "2025-01-20"

enum HarnessError: Error, CustomStringConvertible {
    case binaryNotFound(searched: [String])
    case timedOut([String])

    var description: String {
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
func locateSplitBinary() throws -> String {
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

let splitBinaryPath: Result<String, HarnessError> = {
    do { return .success(try locateSplitBinary()) } catch let error as HarnessError {
        return .failure(error)
    } catch {
        return .failure(.binaryNotFound(searched: []))
    }
}()

/// What one run of `split` produced.
struct CLIResult: CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let stdout: String
    let stderr: String

    var succeeded: Bool { status == 0 }

    /// stdout parsed as JSON (null when it is not JSON).
    var json: JSON { JSON(parsing: stdout) }

    /// stderr's lines, without the final newline.
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    var description: String {
        "split \(arguments.joined(separator: " ")) -> \(status)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)"
    }
}

/// A running `split` process, for tests that start several at once.
final class RunningCLI {
    let arguments: [String]
    let process: Process
    let outURL: URL
    let errURL: URL
    let done = DispatchSemaphore(value: 0)

    init(arguments: [String], process: Process, outURL: URL, errURL: URL) {
        self.arguments = arguments
        self.process = process
        self.outURL = outURL
        self.errURL = errURL
    }

    func wait(timeout: TimeInterval = 120) throws -> CLIResult {
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw HarnessError.timedOut(arguments)
        }
        process.waitUntilExit()
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
        return CLIResult(arguments: arguments, status: process.terminationStatus, stdout: out, stderr: err)
    }
}

/// One test's sandbox: a temporary directory and the environment pointing into it.
final class CLI {
    let directory: URL
    let binary: String
    /// Extra environment for every run (e.g. SPLIT_DB).
    var environment: [String: String] = [:]

    init() throws {
        binary = try splitBinaryPath.get()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("split-cli-tests-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The default database of this sandbox (`$XDG_DATA_HOME/split/split.sqlite`).
    var defaultDatabase: String { directory.appendingPathComponent("data/split/split.sqlite").path }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The environment a run sees: the parent's, minus anything split reads, plus the sandbox.
    func childEnvironment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["SPLIT_DB", "SPLIT_NOW", "SPLIT_BIN", "XDG_DATA_HOME", "XDG_CONFIG_HOME"] { env[key] = nil }
        env["HOME"] = directory.path
        env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["SPLIT_NOW"] = fixedNow
        for (key, value) in environment { env[key] = value }
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Starts `split arguments` without waiting for it.
    func start(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> RunningCLI {
        let token = UUID().uuidString.lowercased()
        let io = directory.appendingPathComponent(".io", isDirectory: true)
        try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
        let outURL = io.appendingPathComponent("\(token).out")
        let errURL = io.appendingPathComponent("\(token).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = childEnvironment(env)
        process.currentDirectoryURL = directory
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let stdin {
            let inURL = io.appendingPathComponent("\(token).in")
            try Data(stdin.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let running = RunningCLI(arguments: arguments, process: process, outURL: outURL, errURL: errURL)
        process.terminationHandler = { [done = running.done] _ in done.signal() }
        try process.run()
        try? outHandle.close()
        try? errHandle.close()
        return running
    }

    /// Runs `split arguments` to completion.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> CLIResult {
        try start(arguments, stdin: stdin, env: env).wait()
    }

    /// `run(["a", "b"])` spelled `run("a", "b")`.
    @discardableResult
    func run(_ arguments: String...) throws -> CLIResult {
        try run(arguments)
    }

    /// Runs a command that must succeed, recording an issue (with its output) if it does not.
    @discardableResult
    func ok(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        try ok(arguments, stdin: stdin, sourceLocation: sourceLocation)
    }

    /// `ok` with the arguments as an array.
    @discardableResult
    func ok(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let result = try run(arguments, stdin: stdin)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("split: error:"), "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs a `--json` command that must succeed and returns its parsed output.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
        let result = try run(arguments + ["--json"])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        expectCompactJSON(result, sourceLocation: sourceLocation)
        return result.json
    }

    /// Writes a file into the sandbox and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // MARK: - Common setups

    /// The spec's trip: "Tokyo Trip" in JPY with Alex, Bea, Chen and Dana.
    func setUpTokyo(members: [String] = ["Alex", "Bea", "Chen", "Dana"]) throws {
        try ok("trip", "create", "Tokyo Trip", "--currency", "JPY")
        try run(["member", "add"] + members).expectSuccess()
    }

    /// The spec's five example expenses.
    func addSpecExpenses() throws {
        try ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")
        try ok("add-expense", "Taxi", "3000", "--paid-by", "Bea", "--among", "Bea,Chen")
        try ok("add-expense", "Hotel", "40000", "--paid-by", "Chen", "--exact", "Alex=10000,Bea=10000,Chen=20000")
        try ok("add-expense", "Museum", "5000", "--paid-by", "Dana", "--shares", "Alex=2,Bea=1,Chen=1,Dana=1")
        try ok("add-expense", "Lunch", "10.50", "--currency", "USD", "--paid-by", "Alex",
               "--percent", "Alex=50,Bea=25,Chen=25", "--category", "Meal", "--date", "2025-01-20", "--note", "ramen")
    }

    /// What a failed command must not change: the expenses and the activity log (every write
    /// appends to the log), as JSON text.
    func writeState(sourceLocation: SourceLocation = #_sourceLocation) throws -> (expenses: [JSON], text: String) {
        let expenses = try run("expenses", "--json")
        let log = try run("log", "--json")
        #expect(expenses.status == 0 && log.status == 0, "\(expenses)\n\(log)", sourceLocation: sourceLocation)
        return (expenses.json["expenses"].array, expenses.stdout + log.stdout)
    }

    /// The current trip's expenses, as `split expenses --json` lists them.
    func expenses(_ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [JSON] {
        let result = try run(["expenses", "--json"] + extra)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result.json["expenses"].array
    }

    func expenseCount(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try expenses(sourceLocation: sourceLocation).count
    }

    /// The id of the (only) expense with this description.
    func expenseID(_ description: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let matches = try expenses(sourceLocation: sourceLocation).filter { $0["description"].string == description }
        try #require(matches.count == 1, "expected one expense '\(description)'", sourceLocation: sourceLocation)
        return try #require(matches[0]["id"].string, sourceLocation: sourceLocation)
    }

    /// Net balances per currency and member name, in minor units of the given exponent map.
    func nets(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: [String: Double]] {
        let balances = try run("balances", "--json")
        #expect(balances.status == 0, "\(balances)", sourceLocation: sourceLocation)
        var result: [String: [String: Double]] = [:]
        for group in balances.json["balances"].array {
            let currency = group["currency"].string ?? "?"
            for balance in group["balances"].array {
                result[currency, default: [:]][balance["memberName"].string ?? "?"] = balance["netBalance"].double
            }
        }
        return result
    }

    /// Everything a user can see of the current trip's data, to compare before and after undo.
    /// (Settle plans derive from the balances, so they are not listed separately.)
    func snapshot(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        var parts: [String] = []
        for command in [["expenses"], ["balances"], ["member", "list"], ["trip", "show"]] {
            let result = try run(command + ["--json"])
            #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
            parts.append(result.stdout)
        }
        return parts.joined()
    }
}

extension CLIResult {
    /// Records an issue unless the run succeeded.
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(self)", sourceLocation: sourceLocation)
    }

    /// Checks a failure of split's own: the exit code, exactly one `split: error:` line on stderr
    /// containing every phrase, nothing on stdout, and no crash.
    func expectError(_ code: Int32, _ phrases: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == code, "\(self)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, "stdout should be empty on error: \(self)", sourceLocation: sourceLocation)
        expectNoCrash(sourceLocation: sourceLocation)
        #expect(stderrLines.count == 1, "expected exactly one stderr line: \(self)", sourceLocation: sourceLocation)
        #expect(stderr.hasPrefix("split: error: "), "\(self)", sourceLocation: sourceLocation)
        #expect(stderr.hasSuffix("\n"), "\(self)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(stderr.contains(phrase), "stderr should mention '\(phrase)': \(self)", sourceLocation: sourceLocation)
        }
    }

    /// Checks an ArgumentParser usage failure (exit 64, "Error:" and a usage hint on stderr).
    func expectUsageError(_ phrases: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 64, "\(self)", sourceLocation: sourceLocation)
        #expect(stdout.isEmpty, "\(self)", sourceLocation: sourceLocation)
        expectNoCrash(sourceLocation: sourceLocation)
        #expect(stderr.contains("Error:") || stderr.hasPrefix("split: error: "), "\(self)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(stderr.contains(phrase), "stderr should mention '\(phrase)': \(self)", sourceLocation: sourceLocation)
        }
    }

    func expectNoCrash(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!stderr.contains("Fatal error"), "\(self)", sourceLocation: sourceLocation)
        #expect(!stderr.contains("Stack dump"), "\(self)", sourceLocation: sourceLocation)
        #expect(!stderr.contains("Current stack trace"), "\(self)", sourceLocation: sourceLocation)
        // A crash by signal shows up as a status above 128 (or a negative one).
        #expect(status >= 0 && status < 128, "\(self)", sourceLocation: sourceLocation)
    }
}

/// `--json` output must be one compact line (stdout is not a terminal here) holding an object.
func expectCompactJSON(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.stdout.hasSuffix("\n"), "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.filter { $0 == "\n" }.count == 1, "JSON should be one line: \(result)",
            sourceLocation: sourceLocation)
    #expect(result.json.object != nil, "stdout should be a JSON object: \(result)", sourceLocation: sourceLocation)
}

// MARK: - JSON access

/// A read-only view of a JSONSerialization value with forgiving accessors for assertions.
struct JSON: CustomStringConvertible {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    init(parsing text: String) {
        let data = Data(text.utf8)
        value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    subscript(key: String) -> JSON { JSON(object?[key]) }

    subscript(index: Int) -> JSON {
        guard let list = value as? [Any], list.indices.contains(index) else { return JSON(nil) }
        return JSON(list[index])
    }

    var object: [String: Any]? { value as? [String: Any] }
    var keys: Set<String> { Set(object.map { Array($0.keys) } ?? []) }
    var array: [JSON] { (value as? [Any])?.map(JSON.init) ?? [] }
    var count: Int { (value as? [Any])?.count ?? object?.count ?? 0 }
    var exists: Bool { value != nil }
    var isNull: Bool { value is NSNull }
    var string: String? { value as? String }

    var bool: Bool? {
        if let flag = value as? Bool { return flag }
        if let number = value as? NSNumber { return number.boolValue }
        return nil
    }

    var double: Double? {
        switch value {
        case let number as Int: return Double(number)
        case let number as Double: return number
        case let number as Decimal: return NSDecimalNumber(decimal: number).doubleValue
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }

    var int: Int? {
        switch value {
        case let number as Int: return number
        case let number as Int64: return Int(number)
        case let number as Double where number.rounded() == number: return Int(number)
        case let number as NSNumber: return number.intValue
        default: return nil
        }
    }

    var description: String {
        guard let value, JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else {
            return String(describing: value)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
