import Foundation
import SplitServer

/// A PostgreSQL cluster of one test's own (scripts/pg-cluster.sh), for tests that stop and
/// restart PostgreSQL: never the shared cluster of `SPLIT_TEST_DATABASE_URL`, which other
/// tests use at the same time. Every script run is bounded (`timeout`, and a deadline of the
/// test's own that does not block a thread of the test run while it waits).
public struct OwnCluster: Sendable {
    public let directory: String
    public let settings: DatabaseSettings
    /// `postgres://postgres@127.0.0.1:PORT/postgres`, for a split-server process's `DATABASE_URL`.
    public let url: String

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pg-cluster.sh").path

    /// Starts a cluster, runs `body` with it, and removes it after, whatever `body` did.
    public static func run(_ body: (OwnCluster) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-pg-\(UUID().uuidString.prefix(8))").path
        let printed = try await Self.script("start", directory).trimmingCharacters(in: .whitespacesAndNewlines)
        let url = printed.components(separatedBy: "\n").last ?? printed
        let cluster = OwnCluster(directory: directory, settings: try DatabaseSettings(url: url), url: url)
        do {
            try await body(cluster)
        } catch {
            _ = try? await Self.script("stop", directory)
            throw error
        }
        _ = try await Self.script("stop", directory)
    }

    /// Stops the server (`fast` or `immediate`), keeping the cluster.
    public func halt(_ mode: String = "immediate") async throws { _ = try await Self.script("halt", directory, mode) }

    /// Starts the server again on the same port.
    public func resume() async throws { _ = try await Self.script("resume", directory) }

    /// Runs the script with a bound of 90 s; its stdout, or an error with its stderr. Polls for
    /// the exit rather than blocking in `waitUntilExit`: the test run has as few threads as the
    /// machine has cores, and the script can take seconds.
    @discardableResult
    static func script(_ arguments: String...) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["90", script] + arguments
        // Files, not pipes: the PostgreSQL server the script starts keeps inherited descriptors
        // open, and a pipe would then never reach its end.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("pg-cluster-\(UUID().uuidString.prefix(8))")
        let outURL = base.appendingPathExtension("out"), errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(100)
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.interrupt()
                throw ClusterError("pg-cluster.sh \(arguments.joined(separator: " ")) still ran after 100 s")
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        let out = (try? Data(contentsOf: outURL)) ?? Data()
        let err = (try? Data(contentsOf: errURL)) ?? Data()
        guard process.terminationStatus == 0 else {
            throw ClusterError("pg-cluster.sh \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(String(decoding: err, as: UTF8.self).suffix(600))")
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A run of scripts/pg-cluster.sh that failed or overran, with what it printed.
public struct ClusterError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
