import Foundation
@testable import SplitServer
import Testing

/// The limits that count per client address, over real sockets from several loopback
/// addresses, directly and through a trusted proxy: an attacker's failed logins lock out the
/// attacker's address, not the owner, and one client's page views do not use up another's.
@Suite("split-server's per-address limits, directly and behind a proxy", .serialized)
struct ClientAddressLimitTests {
    static let right = #"{"emailOrPhone":"ann@example.com","password":"password-1"}"#
    static let wrong = #"{"emailOrPhone":"ann@example.com","password":"guess-0000"}"#

    /// The status of one login from `source`, with `forwardedFor` as X-Forwarded-For.
    static func login(_ port: Int, _ body: String, from source: String, forwardedFor: String? = nil) async throws -> RawResponse? {
        let connection = try await RawConnection.open(port: port, from: source)
        defer { connection.close() }
        let headers = forwardedFor.map { ["X-Forwarded-For": $0] } ?? [:]
        try await connection.send(RawConnection.request("POST", "/auth/login", headers: headers, body: body))
        return await connection.response()
    }

    static func register(_ port: Int) async throws {
        let connection = try await RawConnection.open(port: port)
        defer { connection.close() }
        try await connection.send(RawConnection.request("POST", "/auth/register",
                                                        body: #"{"email":"ann@example.com","password":"password-1","displayName":"Ann"}"#))
        #expect(await connection.response()?.status == 201)
    }

    @Test("five failures from one address lock that address out for the account; the right password from another succeeds, and a forged X-Forwarded-For changes nothing")
    func directAddresses() async throws {
        try await LiveServer.run(configure: { $0.trustedProxies = TrustedProxies([IPRange("127.0.0.1")!]) }) { port, _ in
            try await Self.register(port)
            for _ in 0..<5 {
                #expect(try await Self.login(port, Self.wrong, from: "127.0.0.2")?.status == 401)
            }
            let locked = try await Self.login(port, Self.right, from: "127.0.0.2")
            #expect(locked?.status == 429)
            #expect(Int(locked?.headers["retry-after"] ?? "") ?? 0 > 0)
            #expect(try await Self.login(port, Self.right, from: "127.0.0.3")?.status == 200)
            // 127.0.0.2 is no trusted proxy: its claim to be someone else is ignored.
            #expect(try await Self.login(port, Self.right, from: "127.0.0.2", forwardedFor: "198.51.100.7")?.status == 429)
        }
    }

    @Test("through a trusted proxy the client is the right-most X-Forwarded-For address that is not a proxy")
    func throughProxy() async throws {
        try await LiveServer.run(configure: { $0.trustedProxies = TrustedProxies([IPRange("127.0.0.1")!, IPRange("10.0.0.0/8")!]) }) { port, _ in
            try await Self.register(port)
            for _ in 0..<5 {
                let reply = try await Self.login(port, Self.wrong, from: "127.0.0.1", forwardedFor: "203.0.113.1")
                #expect(reply?.status == 401)
            }
            #expect(try await Self.login(port, Self.right, from: "127.0.0.1", forwardedFor: "203.0.113.1")?.status == 429)
            // What the client writes left of the address the proxies saw does not count.
            #expect(try await Self.login(port, Self.right, from: "127.0.0.1", forwardedFor: "203.0.113.2, 203.0.113.1, 10.1.2.3")?.status == 429)
            #expect(try await Self.login(port, Self.right, from: "127.0.0.1", forwardedFor: "203.0.113.1, 203.0.113.2")?.status == 200)
            #expect(try await Self.login(port, Self.right, from: "127.0.0.1", forwardedFor: "203.0.113.2, 10.1.2.3")?.status == 200)
            // The proxy itself is not locked out: without the header it is the client.
            #expect(try await Self.login(port, Self.right, from: "127.0.0.1")?.status == 200)
        }
    }

    @Test("100 failures spread over many addresses lock the account for every address")
    func distributedGuessing() async throws {
        try await LiveServer.run(configure: { $0.trustedProxies = TrustedProxies([IPRange("127.0.0.1")!]) }) { port, _ in
            try await Self.register(port)
            let limits = LoginThrottle.Limits()
            let addresses = limits.perAccount / limits.perAccountAndIP
            for address in 0..<addresses {
                for _ in 0..<limits.perAccountAndIP {
                    let reply = try await Self.login(port, Self.wrong, from: "127.0.0.1", forwardedFor: "198.51.100.\(address + 1)")
                    #expect(reply?.status == 401)
                }
                if address == addresses - 2 {
                    // 95 failures: the owner still gets in from an address of their own.
                    #expect(try await Self.login(port, Self.right, from: "127.0.0.3")?.status == 200)
                }
            }
            let locked = try await Self.login(port, Self.right, from: "127.0.0.3")
            #expect(locked?.status == 429)
            #expect(Int(locked?.headers["retry-after"] ?? "") ?? 0 > 0)
            #expect(try await Self.login(port, Self.right, from: "127.0.0.1", forwardedFor: "192.0.2.200")?.status == 429)
        }
    }

    /// The status of a view of a read-only page from `source`, or nil for no answer.
    static func view(_ port: Int, from source: String, forwardedFor: String?) async -> Int? {
        guard let connection = try? await RawConnection.open(port: port, from: source) else { return nil }
        defer { connection.close() }
        let headers = forwardedFor.map { ["X-Forwarded-For": $0] } ?? [:]
        try? await connection.send(RawConnection.request("GET", "/s/no-such-link", headers: headers))
        return await connection.response()?.status
    }

    @Test("the share-page limit counts each client behind the proxy on its own, and a forged X-Forwarded-For from elsewhere counts for the sender")
    func sharePages() async throws {
        try await LiveServer.run(configure: { $0.sharePageLimit = 2; $0.trustedProxies = TrustedProxies([IPRange("127.0.0.1")!]) }) { port, _ in
            // An unknown link is a 404, and counts against the limit like any view.
            #expect(await Self.view(port, from: "127.0.0.1", forwardedFor: "203.0.113.1") == 404)
            #expect(await Self.view(port, from: "127.0.0.1", forwardedFor: "203.0.113.1") == 404)
            #expect(await Self.view(port, from: "127.0.0.1", forwardedFor: "203.0.113.1") == 429)
            #expect(await Self.view(port, from: "127.0.0.1", forwardedFor: "203.0.113.2") == 404)
            #expect(await Self.view(port, from: "127.0.0.2", forwardedFor: "203.0.113.1") == 404, "127.0.0.2 is counted as itself")
            #expect(await Self.view(port, from: "127.0.0.2", forwardedFor: "203.0.113.9") == 404)
            #expect(await Self.view(port, from: "127.0.0.2", forwardedFor: nil) == 429)
        }
    }
}
