import Foundation
import SplitTestSupport
import Testing

// The cloud tests run `split` in-process through SplitTestSupport's sandbox, beside the server
// under test in this process; a test that kills `split` starts the binary (`launch`).

extension SplitSandbox {
    /// Registers `email` on `server` (one auth call), and switches this sandbox to cloud mode.
    func registerAndUseCloud(_ server: String, email: String = "ann-\(UUID().uuidString.prefix(8))@example.com",
                             sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let registered = try await run(["register", "--server", server, "--email", email, "--name", "Ann", "--password-stdin"],
                                 stdin: "password-1\n")
        #expect(registered.status == 0, "\(registered)", sourceLocation: sourceLocation)
        let mode = try await run(["mode", "cloud"])
        #expect(mode.status == 0, "\(mode)", sourceLocation: sourceLocation)
    }

    /// Nets per currency and member name, from `balances --json`.
    static func nets(_ device: SplitSandbox) async throws -> [String: [String: Double]] {
        var result: [String: [String: Double]] = [:]
        for group in try await device.ok("balances", "--json").json["balances"].array {
            for balance in group["balances"].array {
                result[group["currency"].string ?? "?", default: [:]][balance["memberName"].string ?? "?"] = balance["netBalance"].double
            }
        }
        return result
    }
}
