import Foundation
import SplitAPI

extension APIHandler {
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        let now = Timestamp.now()
        return .ok(.init(body: .json(.init(status: "ok", mode: "vps", port: String(port), timestamp: now))))
    }

    func ping(_ input: Operations.Ping.Input) async throws -> Operations.Ping.Output {
        do {
            try await services.database.query("SELECT 1")
            return .ok(.init(body: .json(.init(db: "ok", mode: "vps", storage: "postgresql"))))
        } catch {
            return .serviceUnavailable(.init(body: .json(.init(db: "error", message: "database unavailable"))))
        }
    }
}

/// The server clock's reading as the Node server prints it (ISO 8601, UTC, milliseconds).
private enum Timestamp {
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }
}
