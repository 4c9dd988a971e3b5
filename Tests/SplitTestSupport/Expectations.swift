import Foundation
import Testing

// The expectations every test that runs `split` shares, and `ok`/`json`: a run that must succeed.

extension SplitResult {
    /// Records an issue unless the run succeeded.
    public func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(self)", sourceLocation: sourceLocation)
    }

    /// The rules of a clean success this run breaks: a non-zero status, or any error on stderr.
    public func okViolations() -> [String] {
        var broken: [String] = []
        if status != 0 { broken.append("status \(status), expected 0") }
        if stderr.contains("error") { broken.append("stderr mentions an error") }
        return broken
    }

    /// Records an issue unless the run succeeded with no error of any kind on stderr.
    public func expectOK(sourceLocation: SourceLocation = #_sourceLocation) {
        for rule in okViolations() {
            Issue.record("\(rule): \(self)", sourceLocation: sourceLocation)
        }
    }

    /// The rules of a failure of split's own this run breaks: the exit code, exactly one
    /// `split: error:` line on stderr (ending in a newline) containing every phrase, nothing on
    /// stdout, and no crash.
    public func errorViolations(_ code: Int32, _ phrases: [String]) -> [String] {
        var broken: [String] = []
        if status != code { broken.append("status \(status), expected \(code)") }
        if !stdout.isEmpty { broken.append("stdout should be empty on error") }
        broken += crashSigns()
        if stderrLines.count != 1 { broken.append("expected exactly one stderr line, got \(stderrLines.count)") }
        if !stderr.hasPrefix("split: error: ") { broken.append("stderr should start with 'split: error: '") }
        if !stderr.hasSuffix("\n") { broken.append("stderr should end with a newline") }
        for phrase in phrases where !stderr.contains(phrase) {
            broken.append("stderr should mention '\(phrase)'")
        }
        return broken
    }

    /// Checks a failure of split's own (see `errorViolations`).
    public func expectError(_ code: Int32, _ phrases: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        expectError(code, phrases, sourceLocation: sourceLocation)
    }

    /// `expectError` with the phrases as an array.
    public func expectError(_ code: Int32, _ phrases: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for rule in errorViolations(code, phrases) {
            Issue.record("\(rule): \(self)", sourceLocation: sourceLocation)
        }
    }

    /// Checks a usage failure: exit 64 and one `split: error:` line, whether ArgumentParser or
    /// split found the problem (see `errorViolations`).
    public func expectUsageError(_ phrases: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        expectError(64, phrases, sourceLocation: sourceLocation)
    }

    /// Signs of a crash: a runtime trap's messages on stderr, or a status from a signal.
    public func crashSigns() -> [String] {
        var signs: [String] = []
        for marker in ["Fatal error", "Stack dump", "Current stack trace"] where stderr.contains(marker) {
            signs.append("stderr shows a crash ('\(marker)')")
        }
        // A crash by signal shows up as a status above 128 (or a negative one).
        if !(status >= 0 && status < 128) { signs.append("status \(status) looks like a signal") }
        return signs
    }

    public func expectNoCrash(sourceLocation: SourceLocation = #_sourceLocation) {
        for sign in crashSigns() {
            Issue.record("\(sign): \(self)", sourceLocation: sourceLocation)
        }
    }
}

/// `--json` output must be one compact line (stdout is not a terminal here) holding an object.
public func expectCompactJSON(_ result: SplitResult, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.stdout.hasSuffix("\n"), "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout.filter { $0 == "\n" }.count == 1, "JSON should be one line: \(result)",
            sourceLocation: sourceLocation)
    #expect(result.json.object != nil, "stdout should be a JSON object: \(result)", sourceLocation: sourceLocation)
}

extension SplitSandbox {
    /// Runs a `--json` command that must succeed and returns its parsed output.
    public func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSON {
        let result = try await run(arguments + ["--json"])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        expectCompactJSON(result, sourceLocation: sourceLocation)
        return result.json
    }

    /// Runs a command that must succeed, recording an issue (with its output) if it does not.
    @discardableResult
    public func ok(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> SplitResult {
        try await ok(arguments, stdin: stdin, sourceLocation: sourceLocation)
    }

    /// `ok` with the arguments as an array.
    @discardableResult
    public func ok(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> SplitResult {
        let result = try await run(arguments, stdin: stdin)
        result.expectOK(sourceLocation: sourceLocation)
        return result
    }

    /// Runs a command that must fail as `expectError` describes.
    @discardableResult
    public func fails(_ code: Int32, _ arguments: [String], _ phrases: String..., stdin: String? = nil, env: [String: String] = [:],
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> SplitResult {
        let result = try await run(arguments, stdin: stdin, env: env)
        result.expectError(code, phrases, sourceLocation: sourceLocation)
        return result
    }
}

public let sqlite3Path = "/usr/bin/sqlite3"

/// Runs the sqlite3 shell on `database` with `sql`, returning its stdout.
@discardableResult
public func sqlite3(_ database: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: sqlite3Path)
    process.arguments = [database, sql]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 \(sql) failed", sourceLocation: sourceLocation)
    return String(decoding: data, as: UTF8.self)
}
