import AsyncHTTPClient
import NIOCore

/// What a server really sends, read past the cloud client (which only ever hands out domain
/// values), for tests that check the wire form itself.
enum RawHTTP {
    /// The body of `GET path` on `server` with `token` as bearer.
    static func get(_ server: CloudTestServer.Running, _ path: String, token: String?) async throws -> String {
        var request = HTTPClientRequest(url: server.url + path)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 << 20)
        return String(buffer: body)
    }
}
