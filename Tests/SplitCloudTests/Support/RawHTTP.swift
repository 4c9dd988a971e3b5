import AsyncHTTPClient
import NIOCore
import NIOHTTP1

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

extension RawHTTP {
    /// `method path` with a JSON body, as a client other than split would send it; the status
    /// and body of the answer.
    static func send(_ server: CloudTestServer.Running, _ method: HTTPMethod, _ path: String, token: String?,
                     json: String) async throws -> (status: Int, body: String) {
        var request = HTTPClientRequest(url: server.url + path)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(string: json))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 << 20)
        return (Int(response.status.code), String(buffer: body))
    }
}
