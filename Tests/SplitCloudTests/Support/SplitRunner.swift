import Foundation
import Testing

/// Runs the built `split` binary in a sandbox of its own: HOME, XDG_DATA_HOME and
/// XDG_CONFIG_HOME point into a temporary directory, so each sandbox has its own database,
/// credentials and mode. `SPLIT_NOW` fixes the clock.
///
/// Runs are awaited, never waited for with a blocking call: the server under test runs in this
/// process, and a blocked cooperative thread could keep it from answering the very command
/// being waited for.
final class SplitSandbox: @unchecked Sendable {
    let directory: URL
    var environment: [String: String] = [:]

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("split-cloud-tests-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var configDirectory: String { directory.appendingPathComponent("config/split").path }

    struct Result: CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        let stdout: String
        let stderr: String

        var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }

        var description: String {
            "split \(arguments.joined(separator: " ")) -> \(status)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)"
        }
    }

    /// The local database `split` uses in this sandbox.
    var databasePath: String { directory.appendingPathComponent("data/split/split.sqlite").path }

    /// `split` with `arguments` in this sandbox's environment, not started.
    private func process(_ arguments: [String], env extra: [String: String]) throws -> Process {
        var env = ProcessInfo.processInfo.environment
        for key in ["SPLIT_DB", "SPLIT_SERVER", "SPLIT_TOKEN", "SPLIT_NOW"] { env[key] = nil }
        env["HOME"] = directory.path
        env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        env["SPLIT_NOW"] = "2025-01-20T09:00:00Z"
        env.merge(environment) { $1 }
        env.merge(extra) { $1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.binary())
        process.arguments = arguments
        process.environment = env
        return process
    }

    /// Starts `split` and returns at once, its output discarded: for a test that kills it.
    func launch(_ arguments: [String]) throws -> Process {
        let process = try process(arguments, env: [:])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    func run(_ arguments: [String], stdin: String? = nil, env extra: [String: String] = [:]) async throws -> Result {
        let process = try process(arguments, env: extra)
        let token = UUID().uuidString
        let out = directory.appendingPathComponent("\(token).out"), err = directory.appendingPathComponent("\(token).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let stdin {
            let input = directory.appendingPathComponent("\(token).in")
            try Data(stdin.utf8).write(to: input)
            process.standardInput = try FileHandle(forReadingFrom: input)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            process.terminationHandler = { _ in finished.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                finished.resume()
            }
        }
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Result(arguments: arguments, status: process.terminationStatus,
                      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Result {
        try await ok(arguments, stdin: stdin, sourceLocation: sourceLocation)
    }

    @discardableResult
    func ok(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Result {
        let result = try await run(arguments, stdin: stdin)
        #expect(result.status == 0 && !result.stderr.contains("error"), "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs a command that must fail with `code` and one `split: error:` line containing `phrases`.
    @discardableResult
    func fails(_ code: Int32, _ arguments: [String], _ phrases: String..., stdin: String? = nil, env: [String: String] = [:],
               sourceLocation: SourceLocation = #_sourceLocation) async throws -> Result {
        let result = try await run(arguments, stdin: stdin, env: env)
        #expect(result.status == code, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("split: error: ") }
        #expect(lines.count == 1, "\(result)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "\(result)",
                sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(result.stderr.contains(phrase), "stderr should mention '\(phrase)': \(result)",
                    sourceLocation: sourceLocation)
        }
        return result
    }

    /// Registers `email` on `server` (one auth call), and switches this sandbox to cloud mode.
    func registerAndUseCloud(_ server: String, email: String = "ann-\(UUID().uuidString.prefix(8))@example.com",
                             sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let registered = try await run(["register", "--server", server, "--email", email, "--name", "Ann", "--password-stdin"],
                                 stdin: "password-1\n")
        #expect(registered.status == 0, "\(registered)", sourceLocation: sourceLocation)
        let mode = try await run(["mode", "cloud"])
        #expect(mode.status == 0, "\(mode)", sourceLocation: sourceLocation)
    }

    /// The `split` executable next to the test bundle, or `$SPLIT_BIN`.
    static func binary() throws -> String {
        if let override = ProcessInfo.processInfo.environment["SPLIT_BIN"], !override.isEmpty { return override }
        var starts = Bundle.allBundles.map { URL(fileURLWithPath: $0.bundlePath) }
        if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first).deletingLastPathComponent()) }
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<5 {
                let candidate = directory.appendingPathComponent("split").path
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        throw CocoaError(.fileNoSuchFile)
    }
}
