import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import SplitCloud
import SplitTestSupport
import Testing

/// A preference the server refuses: the old value comes back and the server's reason is
/// printed, exit 65. split-server refuses exactly what split refuses before sending, so the
/// peer here is a stand-in (a newer server with rules this client does not know): the one
/// fault real split-server cannot be made to produce.
@Suite("a refused preference")
struct PreferenceRefusalTests {
    /// Offers `preferences`, holds `defaultCurrency`, takes EUR and refuses anything else.
    static func answer(_ request: Request, _ held: NIOLockedValueBox<String>) async throws -> Response {
        var request = request
        let body = String(buffer: try await request.collectBody(upTo: 1 << 16))
        let path = request.uri.path
        func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
            Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        func preferences() -> Response {
            json(.ok, #"{"preferences":{"displayName":"Ann","defaultCurrency":"\#(held.withLockedValue { $0 })","defaultCategory":null,"updatedAt":"2025-01-20T09:00:00.000Z"}}"#)
        }
        switch (request.method, path) {
        case (.get, "/health"):
            return json(.ok, #"{"status":"ok","mode":"vps","port":"3012","timestamp":"2025-01-20T09:00:00.000Z","features":["sync","preferences"]}"#)
        case (.get, "/auth/me"):
            return json(.ok, #"{"user":{"id":"6f1c2a4e-0000-4000-8000-000000000001","email":"ann@example.com","phone":null,"displayName":"Ann"}}"#)
        case (.get, "/api/preferences"):
            return preferences()
        case (.patch, "/api/preferences"):
            guard body.contains(#""defaultCurrency":"EUR""#) else {
                return json(.badRequest, #"{"error":"defaultCurrency: this server offers EUR only"}"#)
            }
            held.withLockedValue { $0 = "EUR" }
            return preferences()
        default:
            return json(.notFound, #"{"error":"no route"}"#)
        }
    }

    @Test("config set: the server's refusal puts the old value back and prints its reason, exit 65")
    func refusedRollsBack() async throws {
        let held = NIOLockedValueBox("EUR")
        try await LoopbackResponder.run(label: "refusing-preferences", answer: { try await Self.answer($0, held) }) { server in
            let device = try SplitSandbox()
            device.environment = ["SPLIT_SERVER": server.url, "SPLIT_TOKEN": "t"]
            let taken = try await device.ok("config", "set", "default.currency", "eur")
            #expect(taken.stdout == "default.currency = EUR\n", "\(taken)")
            try await device.fails(65, ["config", "set", "default.currency", "CHF"],
                                   "refused default.currency CHF: defaultCurrency: this server offers EUR only", "it is still EUR")
            #expect(try await device.ok("config", "get", "default.currency").stdout == "EUR\n")
            let list = try await device.ok("config", "list", "--json").json["settings"].array
            #expect(list.first { $0["key"].string == "default.currency" }?["waiting"].bool == false)
            #expect(held.withLockedValue { $0 } == "EUR")
        }
    }
}
