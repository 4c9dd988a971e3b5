import Foundation
import HTTPTypes
import PostgresNIO
import SplitAPI
@testable import SplitServer
import Synchronization
import Testing

@Suite("split-server Idempotency-Key", .serialized)
struct IdempotencyTests {
    static let key = HTTPField.Name("Idempotency-Key")!

    @Test("a repeated key returns the first response and creates nothing; another body is a 422")
    func repeatReplays() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let body = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            let first = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "k-1"])
            let second = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "k-1"])
            #expect(first.status == .created && second.status == .created)
            #expect(first.body == second.body)
            #expect(second.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 1)

            let other = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "6", splits: [(m["Alex"]!, "6")])
            let conflict = try await api.call(.post, "/api/expenses", token: token, json: other, headers: [Self.key: "k-1"])
            #expect(conflict.status == .unprocessableContent && conflict.error?.contains("different request") == true)

            // Keys are per user: another user's same key is a different request.
            let (bob, _) = try await api.register("Bob")
            let bobs = try await api.call(.post, "/api/groups", token: bob, json: #"{"name":"B"}"#, headers: [Self.key: "k-1"])
            #expect(bobs.status == .created)

            // A refused request releases its key: the corrected retry runs.
            let bad = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "4")])
            #expect(try await api.call(.post, "/api/expenses", token: token, json: bad, headers: [Self.key: "k-2"]).status == .badRequest)
            let fixed = try await api.call(.post, "/api/expenses", token: token, json: other, headers: [Self.key: "k-2"])
            #expect(fixed.status == .created)
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 2)
        }
    }

    @Test("a repeat with its keys in another order or other whitespace is the same request: replayed, not a 422")
    func repeatInOtherOrder() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let alex = m["Alex"]!
            let body = API.expenseJSON(group: group, payer: alex, amount: "5", splits: [(alex, "5")])
            // What another process's encoder may send: the same members, reordered and spaced.
            let reordered = """
                { "splits": [ { "amount": 5, "memberId": "\(alex)" } ], "expenseDate": "2025-01-20",
                  "paidByMemberId": "\(alex)", "category": "Meal", "currency": "JPY",
                  "amount": 5, "description": "Dinner", "groupId": "\(group)" }
                """
            let first = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "order"])
            let again = try await api.call(.post, "/api/expenses", token: token, json: reordered, headers: [Self.key: "order"])
            #expect(first.status == .created && again.status == .created, "\(again)")
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true" && again.body == first.body)
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 1)
            // The number as other text is another request.
            let other = reordered.replacingOccurrences(of: #""amount": 5, "description""#, with: #""amount": 5.0, "description""#)
            #expect(other != reordered)
            let refused = try await api.call(.post, "/api/expenses", token: token, json: other, headers: [Self.key: "order"])
            #expect(refused.status == .unprocessableContent, "\(refused)")
        }
    }

    @Test("concurrent retries with one key create one expense and all get its response")
    func concurrentRetries() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let body = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "7", splits: [(m["Alex"]!, "7")])
            let replies = try await withThrowingTaskGroup(of: API.Reply.self) { tasks in
                for _ in 0..<8 {
                    tasks.addTask { try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "same"]) }
                }
                var all: [API.Reply] = []
                for try await reply in tasks { all.append(reply) }
                return all
            }
            #expect(replies.allSatisfy { $0.status == .created }, "\(replies)")
            #expect(Set(replies.map(\.body)).count == 1)
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 1)
        }
    }

    @Test("DELETE and PATCH replay too, instead of answering 404 the second time")
    func deleteReplays() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let expense = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            for _ in 0..<2 {
                let reply = try await api.call(.delete, "/api/expenses/\(expense)", token: token, headers: [Self.key: "del"])
                #expect(reply.status == .ok, "\(reply)")
            }
        }
    }

    @Test("a failure between the write and storing its response leaves neither: nothing written, the key free")
    func failureBeforeStoring() async throws {
        let armed = Fault()
        try await ServerHarness.run(configure: { $0.idempotencyFault = { try armed.fire() } }) { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let body = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            let before = try await Self.stored(api)
            armed.arm()
            let failed = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "crash"])
            #expect(failed.status == .internalServerError, "\(failed)")
            // The handler's insert and revision bump rolled back with the claim of the key.
            #expect(try await Self.stored(api) == before)

            let retried = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "crash"])
            #expect(retried.status == .created && retried.headers[HTTPField.Name("Idempotent-Replayed")!] == nil, "\(retried)")
            let replayed = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "crash"])
            #expect(replayed.body == retried.body)
            #expect(try await Self.stored(api) == [1, before[1] + 1, 1])
        }
    }

    @Test("a repeat waits for the request holding its key; past the wait limit it is a 409, and the key is usable once freed")
    func waitLimit() async throws {
        try await ServerHarness.run(configure: { $0.idempotencyWaitLimit = .milliseconds(200) }) { api in
            let (token, group, m) = try await api.trip(["Alex"])
            let user = try #require(try await api.call(.get, "/auth/me", token: token).json["user"]["id"].stringValue)
            let body = API.expenseJSON(group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            // Another process's request in flight: the key inserted by a transaction not yet ended.
            try await TestCluster.withAdmin(api.settings) { holder in
                try await holder.query("BEGIN", logger: TestCluster.logger)
                try await holder.query("""
                    INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (\(user)::uuid, 'held', sha256('x'))
                    """, logger: TestCluster.logger)
                let refused = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "held"])
                #expect(refused.status == .conflict && refused.error?.contains("still being processed") == true, "\(refused)")
                try await holder.query("ROLLBACK", logger: TestCluster.logger)
            }
            let created = try await api.call(.post, "/api/expenses", token: token, json: body, headers: [Self.key: "held"])
            #expect(created.status == .created, "\(created)")
            #expect(try await Self.stored(api)[0] == 1)
        }
    }

    /// Expenses, the sum of the groups' revisions, and stored keys with a response.
    static func stored(_ api: API) async throws -> [Int64] {
        try await TestCluster.withAdmin(api.settings) { connection in
            var values: [Int64] = []
            for query in ["SELECT count(*) FROM expenses", "SELECT coalesce(sum(revision), 0)::int8 FROM trip_groups",
                          "SELECT count(*) FROM idempotency_keys"] {
                for try await value in try await connection.query(PostgresQuery(unsafeSQL: query), logger: TestCluster.logger)
                    .decode(Int64.self) { values.append(value) }
            }
            return values
        }
    }
}

/// A failure the test arms once: the next ``fire()`` throws, later ones do not.
final class Fault: Sendable {
    struct Injected: Error {}
    private let pending = Mutex(false)

    func arm() { pending.withLock { $0 = true } }

    func fire() throws {
        if pending.withLock({ armed in defer { armed = false }; return armed }) { throw Injected() }
    }
}
