import Foundation
@testable import SplitServer
import Testing

/// A PostgreSQL cluster of one test's own (scripts/pg-cluster.sh), for tests that stop and
/// restart PostgreSQL: never the shared cluster of `SPLIT_TEST_DATABASE_URL`, which other
/// tests use at the same time. Every script run is bounded by `timeout`.
struct OwnCluster: Sendable {
    let directory: String
    let settings: DatabaseSettings

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/pg-cluster.sh").path

    /// Starts a cluster, runs `body` with it, and removes it after, whatever `body` did.
    static func run(_ body: (OwnCluster) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("split-pg-\(UUID().uuidString.prefix(8))").path
        let url = try Self.script("start", directory).trimmingCharacters(in: .whitespacesAndNewlines)
        let cluster = OwnCluster(directory: directory, settings: try DatabaseSettings(url: url.components(separatedBy: "\n").last ?? url))
        do {
            try await body(cluster)
        } catch {
            _ = try? Self.script("stop", directory)
            throw error
        }
        _ = try Self.script("stop", directory)
    }

    /// Stops the server (`fast` or `immediate`), keeping the cluster.
    func halt(_ mode: String = "immediate") throws { _ = try Self.script("halt", directory, mode) }

    /// Starts the server again on the same port.
    func resume() throws { _ = try Self.script("resume", directory) }

    /// Runs the script with a bound of 90 s; its stdout, or an error with its stderr.
    @discardableResult
    static func script(_ arguments: String...) throws -> String {
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
        process.waitUntilExit()
        let out = (try? Data(contentsOf: outURL)) ?? Data()
        let err = (try? Data(contentsOf: errURL)) ?? Data()
        guard process.terminationStatus == 0 else {
            throw HarnessError("pg-cluster.sh \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(String(decoding: err, as: UTF8.self).suffix(600))")
        }
        return String(decoding: out, as: UTF8.self)
    }
}
