import Foundation
@testable import SplitServer
import Testing

/// `openapi.yaml` documents every status an operation can send. The fuzzer checks what it
/// happens to reach; this checks the statuses every operation of a kind can send by design:
/// 422 and 409 wherever `Idempotency-Key` is honoured, 400 and 413 wherever a body is read,
/// 401 wherever a token is required.
@Suite("openapi.yaml documents every status")
struct ContractStatusTests {
    /// One operation as the YAML text lays it out: its path, method and block of lines.
    struct Operation {
        let path: String
        let method: String
        let lines: [String]

        var text: String { lines.joined(separator: "\n") }
        var statuses: Set<String> {
            Set(lines.compactMap { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix("        \""), trimmed.count > 5, trimmed.dropFirst(4).hasPrefix("\":") else { return nil }
                return String(trimmed.dropFirst().prefix(3))
            })
        }
    }

    /// The contract, wherever the SplitAPI targets keep it.
    static func specPath() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        let found = targets.map { sources.appendingPathComponent($0).appendingPathComponent("openapi.yaml").path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        return try #require(found.first, "no Sources/*/openapi.yaml")
    }

    /// The operations under `paths:`, by the YAML's fixed indentation (2 for paths, 4 for methods).
    static func operations() throws -> [Operation] {
        let lines = try String(contentsOfFile: specPath(), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        var operations: [Operation] = []
        var path = ""
        var current: (method: String, lines: [String])?
        func close() {
            if let current { operations.append(Operation(path: path, method: current.method, lines: current.lines)) }
            current = nil
        }
        for line in lines {
            if line == "components:" { break }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                close()
                path = String(line.dropFirst(2).dropLast())
            } else if let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" }) {
                close()
                current = (method, [])
            } else if line.hasPrefix("    "), !line.hasPrefix("     ") {
                close()
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        close()
        return operations
    }

    @Test("the scan finds all 39 operations")
    func scan() throws {
        let operations = try Self.operations()
        #expect(operations.count == 39, "\(operations.map { "\($0.method) \($0.path)" })")
        #expect(operations.allSatisfy { $0.statuses.contains("200") || $0.statuses.contains("201") })
    }

    @Test("every operation that honours Idempotency-Key documents 422 (reused key) and 409 (still running)")
    func idempotency() throws {
        let honoured = try Self.operations().filter {
            $0.text.contains("#/components/parameters/IdempotencyKey") && !$0.path.hasPrefix("/auth/")
        }
        #expect(honoured.count == 19)
        for operation in honoured {
            #expect(operation.statuses.isSuperset(of: ["400", "409", "422"]), "\(operation.method) \(operation.path)")
        }
    }

    @Test("every operation with a body documents 400 (strict JSON, text rules) and 413 (too large)")
    func bodies() throws {
        for operation in try Self.operations() where operation.text.contains("requestBody:") {
            #expect(operation.statuses.isSuperset(of: ["400", "413"]), "\(operation.method) \(operation.path)")
        }
    }

    @Test("every operation behind a token documents 401; login documents its throttle's 429")
    func auth() throws {
        let operations = try Self.operations()
        for operation in operations where !operation.text.contains("security: []") {
            #expect(operation.statuses.contains("401"), "\(operation.method) \(operation.path)")
        }
        let login = try #require(operations.first { $0.path == "/auth/login" })
        #expect(login.statuses.isSuperset(of: ["400", "401", "403", "429"]))
    }
}
