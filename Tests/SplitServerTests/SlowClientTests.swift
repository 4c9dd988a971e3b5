import Foundation
import HummingbirdTesting
@testable import SplitServer
import Testing

/// Slow clients over real sockets: a request that never finishes, a body that trickles, an
/// idle connection, and the cap on open connections. Each test sets small limits of its own.
@Suite("split-server against slow clients", .serialized)
struct SlowClientTests {
    @Test("connections that send half a request line and stop are each closed within the header timeout plus 1 s, and a normal request meanwhile is answered")
    func halfRequestLines() async throws {
        try await LiveServer.run(configure: { $0.connections.headerTimeout = .seconds(1); $0.connections.idleTimeout = .seconds(30) }) { port, _ in
            var slow: [RawConnection] = []
            for _ in 0..<20 {
                let connection = try await RawConnection.open(port: port)
                // On a busy machine the server may close it before the half line arrives (the
                // bound runs from the connect): that is the rule at work, not a failure.
                try? await connection.send("GET /health HT")
                slow.append(connection)
            }
            let normal = try await RawConnection.open(port: port)
            try await normal.send(RawConnection.request("GET", "/health"))
            let answer = await normal.response()
            #expect(answer?.status == 200, "\(normal.text)")
            var longest = Duration.zero
            var answered = 0
            for connection in slow {
                let open = await connection.closed(within: .seconds(3))
                #expect(open != nil && open! <= .seconds(2), "open for \(String(describing: open)), more than the header timeout plus 1 s")
                longest = max(longest, open ?? .seconds(3))
                // A 408 once the half line arrived; nothing at all when the close came first.
                #expect(connection.text.isEmpty || connection.text.hasPrefix("HTTP/1.1 408"), "\(connection.text)")
                if connection.text.hasPrefix("HTTP/1.1 408") { answered += 1 }
            }
            #expect(answered > 0, "no connection got its 408")
            print("half request lines: the last of 20 closed \(longest) after it opened")
        }
    }

    @Test("a body sent at 1 byte a second is cut at the rate bound with a 408")
    func slowBody() async throws {
        try await LiveServer.run(configure: { $0.connections.headerTimeout = .seconds(1); $0.connections.minBodyRate = 100 }) { port, _ in
            let connection = try await RawConnection.open(port: port)
            let body = #"{"emailOrPhone":"ann@example.com","password":"password-1"}"#
            let request = RawConnection.request("POST", "/auth/login", body: body)
            let headers = request.prefix(request.utf8.count - body.utf8.count)
            try await connection.send(String(headers))
            // At 1 byte a second, the body falls behind 100 bytes a second as soon as the
            // header timeout's allowance (1 s) is spent.
            for byte in body.prefix(4) {
                guard !connection.isClosed else { break }
                try? await connection.send(String(byte))
                try await Task.sleep(for: .seconds(1))
            }
            // Cut about 1.01 s after the headers; the bound is the header timeout plus 1 s.
            let open = await connection.closed(within: .seconds(3))
            #expect(open != nil && open! <= .seconds(2), "open for \(String(describing: open))")
            let answer = RawResponse.parse(connection.text)
            #expect(answer.map(\.status) == [408], "\(connection.text)")
            #expect(answer.first?.headers["connection"] == "close")
        }
    }

    @Test("an idle keep-alive connection closes after the idle timeout; half a request on it gets the header timeout")
    func idleConnections() async throws {
        try await LiveServer.run(configure: { $0.connections.headerTimeout = .seconds(1); $0.connections.idleTimeout = .seconds(3) }) { port, _ in
            let opened = ContinuousClock.now
            let idle = try await RawConnection.open(port: port)
            let started = try await RawConnection.open(port: port)
            for connection in [idle, started] {
                try await connection.send(RawConnection.request("GET", "/health", close: false))
                #expect(await connection.response()?.status == 200)
            }
            let answeredAt = ContinuousClock.now
            try await started.send("GET /he")
            let sent = ContinuousClock.now
            _ = await started.closed(within: .seconds(3))
            #expect(started.isClosed && ContinuousClock.now - sent <= .seconds(2),
                    "half a second request is held to the header timeout, not the idle one")
            #expect(RawResponse.parse(started.text).map(\.status) == [200, 408])
            #expect(!idle.isClosed, "an idle connection outlives the header timeout")
            let idleOpen = await idle.closed(within: .seconds(5))
            #expect(idleOpen != nil && idleOpen! <= .seconds(4) + (answeredAt - opened),
                    "closed within the idle timeout plus 1 s of its answer: \(String(describing: idleOpen))")
            #expect(RawResponse.parse(idle.text).map(\.status) == [200], "closed without a 408: \(idle.text)")
        }
    }

    @Test("past the connection cap a new connection is closed unanswered, and a request on an open one still works")
    func connectionCap() async throws {
        try await LiveServer.run(configure: { $0.connections.maxConnections = 3; $0.connections.headerTimeout = .seconds(60) }) { port, client in
            // The test client's own connection is the first of three.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            var open: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try await RawConnection.open(port: port)
                try await connection.send(RawConnection.request("GET", "/health", close: false))
                #expect(await connection.response()?.status == 200)
                open.append(connection)
            }
            let refused = try await RawConnection.open(port: port)
            try? await refused.send(RawConnection.request("GET", "/health"))
            #expect(await refused.closed(within: .seconds(30)) != nil, "the fourth connection is closed")
            #expect(refused.text.isEmpty, "and gets no answer: \(refused.text)")
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
            try await open[0].send(RawConnection.request("GET", "/health", close: false))
            #expect(await open[0].response(skipping: 1)?.status == 200)
            // A closed connection makes room.
            open[1].close()
            var answered = false
            for _ in 0..<50 where !answered {
                let again = try await RawConnection.open(port: port)
                try? await again.send(RawConnection.request("GET", "/health"))
                answered = await again.response()?.status == 200
                if !answered { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(answered)
        }
    }
}
