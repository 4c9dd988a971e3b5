import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore
import SplitCloud
import SplitCore

// A fake split-server for one account and one group whose every answer is scripted, for the
// hostile-server property (HostileServerTests): the script (what the change feed serves) is
// generated from a seed by WorldGenerator (HostileWorld.swift); the server only plays it, and records what
// the client asked and sent.

/// A loopback split-server for one account and one group that serves a ``HostileScript``.
///
/// `GET /health` advertises split-server's features (and one it does not know), so the client
/// uses the change feed. `GET /api/groups` and `POST /api/groups/join` answer the one group,
/// `GET …/changes` the script's next page (304 once none is left), and `POST …/sync` answers
/// each op `applied` with the script's sync page; anything else is a 404 `{"error": …}`.
/// It records every request and the pages it served, so the test compares the trip with what
/// the client was actually sent. It binds 127.0.0.1 only, on a free port.
final class HostileServer: Sendable {
    /// A request as it arrived, and the status it got.
    struct Exchange: Sendable, CustomStringConvertible {
        let method: String
        let path: String
        let query: String
        let status: Int
        var description: String { "\(method) \(path)\(query.isEmpty ? "" : "?" + query) -> \(status)" }
    }

    private struct State {
        let script: HostileScript
        var next = 0
        var served: [FeedPage] = []
        var exchanges: [Exchange] = []
        /// The body of each `POST …/sync`.
        var pushed: [Data] = []
    }

    let address: ServerAddress
    private let state: NIOLockedValueBox<State>

    private init(address: ServerAddress, state: NIOLockedValueBox<State>) {
        self.address = address
        self.state = state
    }

    var url: String { address.url }
    /// Every request so far, in order.
    var exchanges: [Exchange] { state.withLockedValue { $0.exchanges } }
    /// The change-feed pages served so far (`GET …/changes` and `POST …/sync` answers), in order.
    var served: [FeedPage] { state.withLockedValue { $0.served } }
    /// The `type` of every op the client pushed, in order.
    var pushedTypes: [String] { pushedOps.compactMap { $0["type"] as? String } }
    /// The `data` of every pushed op of `type`.
    func pushedData(_ type: String) -> [[String: Any]] {
        pushedOps.filter { $0["type"] as? String == type }.compactMap { $0["data"] as? [String: Any] }
    }

    /// Every op the client pushed, in order, as JSON objects.
    private var pushedOps: [[String: Any]] {
        state.withLockedValue { $0.pushed }.flatMap(Self.ops)
    }

    /// The `ops` of a `SyncRequest` body.
    private static func ops(_ body: Data) -> [[String: Any]] {
        ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["ops"] as? [[String: Any]] ?? []
    }

    /// Runs a server playing `script` for the duration of `body`.
    static func run<Value: Sendable>(_ script: HostileScript, _ body: @Sendable (HostileServer) async throws -> Value)
        async throws -> Value {
        let state = NIOLockedValueBox(State(script: script))
        let respond: @Sendable (Request) async throws -> Response = { request in try await answer(request, state) }
        return try await LoopbackResponder.run(label: "hostile-server", answer: respond) { address in
            try await body(HostileServer(address: address, state: state))
        }
    }

    // MARK: Answers

    /// The `FromLocalResponse` to a from-local upload: every member and expense under the id the
    /// client chose (or a new one), each share under a new id.
    private static func fromLocalAnswer(_ body: Data, group: String) -> WireJSON {
        let request = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        func pair(_ item: [String: Any]) -> [(key: String, value: WireJSON)] {
            [(key: "localId", value: .string(item["localId"] as? String ?? "")),
             (key: "id", value: .string(item["id"] as? String ?? UUID().uuidString.lowercased()))]
        }
        let members = (request["members"] as? [[String: Any]] ?? []).map { WireJSON.object(pair($0)) }
        let expenses = (request["expenses"] as? [[String: Any]] ?? []).map { expense in
            let splits = (expense["splits"] as? [[String: Any]] ?? []).map { split in
                WireJSON.object([(key: "memberLocalId", value: .string(split["memberLocalId"] as? String ?? "")),
                                 (key: "id", value: .string(UUID().uuidString.lowercased()))])
            }
            return WireJSON.object(pair(expense) + [(key: "splits", value: .array(splits))])
        }
        return .object([(key: "groupId", value: .string(group)), (key: "members", value: .array(members)),
                        (key: "expenses", value: .array(expenses))])
    }

    private static let features: WireJSON = .array(
        ["idempotency", "expense-edit", "payments", "balances", "from-local", "member-edit", "invites", "sync",
         "a-feature-from-the-future"].map(WireJSON.string))

    private static func answer(_ request: Request, _ state: NIOLockedValueBox<State>) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: 16 << 20)
        let method = request.method.rawValue
        let path = request.uri.path
        let segments = path.split(separator: "/").map(String.init)
        let (status, json): (HTTPResponse.Status, WireJSON?) = state.withLockedValue { state in
            let script = state.script
            let forGroup = segments.count == 4 && segments[0] == "api" && segments[1] == "groups"
                && segments[2].lowercased() == script.groupID.lowercased()
            switch (method, segments) {
            case ("GET", ["health"]):
                return (.ok, .object([
                    (key: "status", value: .string("ok")), (key: "mode", value: .string("vps")),
                    (key: "port", value: .string("3012")), (key: "timestamp", value: .string("2025-01-20T09:00:00.000Z")),
                    (key: "features", value: features),
                ]))
            case ("GET", ["auth", "me"]):
                return (.ok, .object([(key: "user", value: script.user)]))
            case ("GET", ["api", "groups"]):
                return (.ok, .object([(key: "groups", value: .array([script.group]))]))
            case ("POST", ["api", "groups", "join"]):
                return (.ok, .object([(key: "group", value: script.group)]))
            case ("GET", _) where forGroup && segments[3] == "changes":
                guard state.next < script.pages.count else { return (.notModified, nil) }
                let page = script.pages[state.next]
                state.next += 1
                state.served.append(page)
                return (.ok, page.json)
            case ("POST", ["api", "groups", "from-local"]):
                return (.created, Self.fromLocalAnswer(Data(body.readableBytesView), group: script.groupID))
            case ("GET", _) where forGroup && ["members", "expenses", "payments"].contains(segments[3]):
                // The upload's read-back: every live item the script holds, in the listing's form.
                let listing = UploadListing(script: script)
                switch segments[3] {
                case "members": return (.ok, .object([(key: "members", value: .array(listing.members))]))
                case "expenses": return (.ok, .object([(key: "expenses", value: .array(listing.expenses))]))
                default: return (.ok, .object([(key: "payments", value: .array(listing.payments))]))
                }
            case ("POST", _) where forGroup && segments[3] == "sync":
                let data = Data(body.readableBytesView)
                let ops = Self.ops(data)
                state.pushed.append(data)
                let page = script.syncChanges
                state.served.append(page)
                let results = ops.map { op in
                    WireJSON.object([(key: "opId", value: .string(op["opId"] as? String ?? "")),
                                     (key: "status", value: .string("applied")), (key: "revision", value: .integer(page.revision))])
                }
                return (.ok, .object([(key: "results", value: .array(results)), (key: "changes", value: page.json)]))
            default:
                return (.notFound, .object([(key: "error", value: .string("no route \(method) \(path) on this hostile server"))]))
            }
        }
        state.withLockedValue {
            $0.exchanges.append(Exchange(method: method, path: path, query: request.uri.query ?? "", status: Int(status.code)))
        }
        var headers = HTTPFields()
        guard let json else {
            headers[.eTag] = request.headers[.ifNoneMatch] ?? "\"0\""
            return Response(status: status, headers: headers)
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: json.text)))
    }
}
