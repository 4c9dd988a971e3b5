import Foundation
import SplitAPI

extension APIHandler {
    /// The Node server's keys, plus `features` (split-server's extensions) unless a test facade
    /// imitates the Node server (``ServerFacade``): clients probe this to know what they may use.
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        let now = Self.iso8601(services.dependencies.now())
        let facade = services.configuration.facade
        let features = facade?.advertisesExtensions == false ? nil
            : Self.features.filter { !(facade?.hiddenFeatures.contains($0) ?? false) }
        return .ok(.init(body: .json(.init(status: "ok", mode: "vps", port: String(port), timestamp: now, features: features))))
    }

    /// The extensions over the Node server's API, by the names clients look for.
    static let features = [
        "idempotency", "expense-edit", "payments", "balances", "from-local", "member-edit", "invites", "sync", "payers",
        "claims", "preferences", "currencies", "share-links", "split-given",
        "conversions", "departures", "recurring", "categories",
    ]

    /// Readiness for load balancers: 200 while the database answers and is migrated, else 503;
    /// cached for a second (``DatabaseReadiness``).
    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        let state = await services.readiness.state()
        let db = Components.Schemas.Readiness.DbPayload(rawValue: state.rawValue) ?? .unreachable
        guard state == .ok else {
            return .serviceUnavailable(.init(headers: .init(retryAfter: 1),
                                             body: .json(.init(status: .unavailable, db: db))))
        }
        return .ok(.init(body: .json(.init(status: .ready, db: db))))
    }

    /// 200 when the database answers within 3 seconds, else 503: a monitor must not hang on
    /// a pool that is still retrying its connections.
    func ping(_ input: Operations.Ping.Input) async throws -> Operations.Ping.Output {
        let database = services.database
        let answered = await withTaskGroup(of: Bool.self) { race in
            race.addTask { (try? await database.query("SELECT 1")) != nil }
            race.addTask {
                try? await Task.sleep(for: .seconds(3))
                return false
            }
            let first = await race.next() ?? false
            race.cancelAll()
            return first
        }
        guard answered else {
            return .serviceUnavailable(.init(body: .json(.init(db: "error", message: "database unavailable"))))
        }
        return .ok(.init(body: .json(.init(db: "ok", mode: "vps", storage: "postgresql"))))
    }
}

extension APIHandler {
    /// A time as the Node server prints it (ISO 8601, UTC, milliseconds).
    static func iso8601(_ time: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: time)
    }
}
