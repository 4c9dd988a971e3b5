import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
@testable import SplitCloud
import SplitCore
import SplitServer
import SplitServerQuirks
import Testing

/// The transport against a real split-server on loopback: rate limits, retries, faults. Only
/// the clock is a double: its sleeps return at once and move the quirks server's time too.
@Suite("cloud transport against a real server", .serialized)
struct TransportTests {
    @Test("429: waits exactly the Retry-After it is given, including the 15-minute auth window, then succeeds")
    func retryAfter() async throws {
        let clock = ManualClock()
        let quirks = LegacyQuirks(apiLimit: 2, apiWindowSeconds: 60, authLimit: 1, authWindowSeconds: 900,
                                  now: { clock.seconds })
        try await CloudTestServer.run(quirks: quirks) { server in
            let notices = Notices()
            let anonymous = CloudTestSupport.client(server, clock: clock, notices: notices)
            let email = "rate-\(UUID().uuidString.prefix(8))@example.com"
            _ = try await anonymous.register(email: email, phone: nil, password: "password-1", displayName: "Ann")
            let login = try await anonymous.login(emailOrPhone: email, password: "password-1", deviceID: nil)
            #expect(clock.sleeps == [.seconds(900)])
            #expect(notices.all.contains { $0.contains("waiting 900 s") })
            let client = CloudTestSupport.client(server, token: login.token, clock: clock)
            for _ in 0..<5 { #expect(try await client.groups().isEmpty) }
            #expect(clock.sleeps == [.seconds(900), .seconds(60), .seconds(60)])
            #expect(quirks.tally.count(.auth) == 3 && quirks.tally.count(.api) == 7)
        }
    }

    @Test("429 asking for longer than the client will wait fails at once with the wait in the message")
    func tooLongAWait() async throws {
        let clock = ManualClock()
        let quirks = LegacyQuirks(authLimit: 1, authWindowSeconds: 900, now: { clock.seconds })
        try await CloudTestServer.run(quirks: quirks) { server in
            var policy = RetryPolicy.standard
            policy.longestRateLimitWait = .seconds(600)
            let client = CloudTestSupport.client(server, clock: clock, policy: policy)
            _ = try await client.register(email: "w@example.com", phone: nil, password: "password-1", displayName: "Ann")
            await #expect(throws: CloudError.rateLimited(server: server.url, retryAfterSeconds: 900)) {
                try await client.login(emailOrPhone: "w@example.com", password: "password-1", deviceID: nil)
            }
            #expect(clock.sleeps.isEmpty)
        }
    }

    @Test("connection refused: a GET is tried 4 times with 0.5, 1 and 2 s pauses, then 'server unreachable'")
    func unreachable() async throws {
        let clock = ManualClock()
        let address = try ServerAddress("http://127.0.0.1:\(try CloudTestServer.closedPort())")
        let client = CloudClient(transport: CloudTransport(server: address, clock: clock), token: "t")
        do {
            _ = try await client.groups()
            Issue.record("a closed port answered")
        } catch {
            #expect(error.message.hasPrefix("server unreachable at \(address.url); your local data is unchanged"), "\(error)")
            #expect(error.kind == .unreachable)
        }
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .seconds(2)])
    }

    @Test("a 5xx to a GET is retried; a 5xx to a POST without honoured key is not")
    func serverErrors() async throws {
        let clock = ManualClock()
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let client = try await CloudTestSupport.account(server, clock: clock)
            // The quirks server turns split-server's 400 for a malformed id into the Node server's 500.
            await #expect(throws: CloudError.serverKeptFailing(server: server.url, status: 500, detail: "Internal server error",
                                                               attempts: 4)) {
                try await client.members(group: TripID("not-a-uuid"))
            }
            #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .seconds(2)])
            let group = try await client.createGroup(name: "Trip")
            let alex = try await client.addMember(group: group.id, name: "Alex")
            let inconsistent = Expense(id: ExpenseID("x"), description: "Bad", amount: Money(minorUnits: 100, currency: try Currency(code: "JPY")),
                                       paidBy: alex.id, date: CivilDate(year: 2025, month: 1, day: 20)!,
                                       splits: [ExpenseSplit(memberID: alex.id, amount: 99)])
            await #expect(throws: CloudError.serverFailed(server: server.url, status: 500, detail: "Internal server error")) {
                try await client.createExpense(inconsistent, group: group.id)
            }
            #expect(clock.sleeps.count == 3)
        }
    }

    @Test("a lost answer to a POST: split-server replays it by Idempotency-Key, so one expense exists")
    func lostAnswerWithIdempotency() async throws {
        try await lostAnswer(quirks: nil)
    }

    @Test("a lost answer to a POST on a Node-like server: not retried, reported, and still one expense")
    func lostAnswerWithoutIdempotency() async throws {
        try await lostAnswer(quirks: LegacyQuirks())
    }

    private func lostAnswer(quirks: LegacyQuirks?) async throws {
        let clock = ManualClock()
        try await CloudTestServer.run(quirks: quirks) { server in
            let fault = OneShotFault(.responseLost, .post, "/api/expenses", phase: .afterResponse(status: 201))
            let client = try await CloudTestSupport.account(server, clock: clock, faults: fault)
            let group = try await client.createGroup(name: "Trip")
            let alex = try await client.addMember(group: group.id, name: "Alex")
            let bea = try await client.addMember(group: group.id, name: "Bea")
            let expense = Expense(id: ExpenseID("draft"), description: "Taxi",
                                  amount: Money(minorUnits: 3001, currency: try Currency(code: "USD")), paidBy: alex.id,
                                  date: CivilDate(year: 2025, month: 1, day: 20)!,
                                  splits: [ExpenseSplit(memberID: alex.id, amount: 1501), ExpenseSplit(memberID: bea.id, amount: 1500)])
            if quirks == nil {
                let id = try await client.createExpense(expense, group: group.id)
                #expect(fault.sends == 2)
                let stored = try await client.expenses(group: group.id)
                #expect(stored.map(\.id) == [id])
                #expect(stored.first?.expense?.amount.minorUnits == 3001)
            } else {
                await #expect(throws: CloudError.noAnswer(server: server.url, request: "POST /api/expenses")) {
                    try await client.createExpense(expense, group: group.id)
                }
                #expect(fault.sends == 1)
                #expect(try await client.expenses(group: group.id).count == 1)
            }
        }
    }

    @Test("a connection refused before a POST is sent is retried even without idempotency")
    func refusedBeforeSending() async throws {
        let clock = ManualClock()
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let fault = OneShotFault(.connectionRefused, .post, "/api/groups", phase: .beforeSending)
            let client = try await CloudTestSupport.account(server, clock: clock, faults: fault)
            _ = try await client.createGroup(name: "Only once")
            #expect(fault.sends == 2 && clock.sleeps == [.milliseconds(500)])
            #expect(try await client.groups().map(\.name) == ["Only once"])
        }
    }

    @Test("capabilities: split-server lists its extensions, the quirks server has none")
    func capabilities() async throws {
        let clock = ManualClock()
        try await CloudTestServer.run { server in
            let ours = try await CloudTestSupport.client(server, clock: clock).capabilities()
            #expect(ours.isSplitServer && ServerCapabilities.Feature.allCases.allSatisfy(ours.has))
        }
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let node = try await CloudTestSupport.client(server, clock: clock).capabilities()
            #expect(node == .node)
        }
    }

    @Test("503 with Retry-After: a GET waits as asked, costing no attempt, 60 s in all, told once; then the usual 4 attempts")
    func unavailable() async throws {
        let clock = ManualClock()
        let sent = NIOLockedValueBox(0)
        try await LoopbackResponder.run(label: "unavailable", answer: { _ in
            sent.withLockedValue { $0 += 1 }
            return Response(status: .serviceUnavailable, headers: [.retryAfter: "1", .contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: #"{"error":"the database is unavailable"}"#)))
        }) { address in
            let notices = Notices()
            let transport = CloudTransport(server: address, clock: clock, notice: { notices.append($0) })
            let client = CloudClient(transport: transport, token: "t")
            await #expect(throws: CloudError.serverKeptFailing(server: address.url, status: 503,
                                                               detail: "the database is unavailable", attempts: 4)) {
                try await client.groups()
            }
            #expect(clock.sleeps == Array(repeating: .seconds(1), count: 60) + [.milliseconds(500), .seconds(1), .seconds(2)])
            #expect(sent.withLockedValue { $0 } == 64)
            // A second request of the same command waits again, silently.
            _ = try? await client.groups()
            #expect(notices.all.count == 1, "\(notices.all)")
            #expect(notices.all.first?.contains("is unavailable for now (503)") == true, "\(notices.all)")
        }
    }
}
