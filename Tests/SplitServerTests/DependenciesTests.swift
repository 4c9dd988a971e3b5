import Foundation
import NIOConcurrencyHelpers
@testable import SplitServer
import Testing

/// The server takes the current time and new ids from ``ServerDependencies`` only: with both
/// pinned, the times and ids it chooses are exactly the pinned ones.
@Suite("split-server clock and id source", .serialized)
struct DependenciesTests {
    /// Ids 00000000-0000-4000-8000-000000000001, …02, … in order.
    final class Counter: Sendable {
        private let next = NIOLockedValueBox(0)
        func id() -> UUID {
            let value = next.withLockedValue { value in
                value += 1
                return value
            }
            return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", value))!
        }
    }

    @Test("health's timestamp, a payment's default date and from-local's ids come from the pinned dependency")
    func pinned() async throws {
        let counter = Counter()
        // 2031-05-06T07:08:09.123Z
        let fixed = Date(timeIntervalSince1970: 1_935_817_689.123)
        let dependencies = ServerDependencies(now: { fixed }, newID: { counter.id() })
        try await ServerHarness.run(configure: { $0.dependencies = dependencies }) { api in
            let health = try await api.call(.get, "/health")
            #expect(health.json["timestamp"].stringValue == "2031-05-06T07:08:09.123Z", "\(health)")

            let (token, _) = try await api.register()
            let upload = try await api.call(.post, "/api/groups/from-local", token: token, json: """
                {"name":"T","members":[{"localId":"a","name":"A"},{"localId":"b","name":"B"}],
                 "expenses":[{"localId":"e","amount":5,"currency":"JPY","category":"Meal","paidByLocalId":"a",
                              "expenseDate":"2025-01-20","splits":[{"memberLocalId":"b","amount":5}]}]}
                """)
            #expect(upload.status == .created, "\(upload)")
            let ids = (upload.json["members"].arrayValue ?? []).compactMap { $0["id"]?.stringValue }
                + [upload.json["expenses"][0]["id"].stringValue ?? "", upload.json["expenses"][0]["splits"][0]["id"].stringValue ?? ""]
            #expect(ids == (1...4).map { String(format: "00000000-0000-4000-8000-%012d", $0) }, "\(upload)")

            let group = try #require(upload.json["groupId"].stringValue)
            let payment = try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: """
                {"fromMemberId":"\(ids[1])","toMemberId":"\(ids[0])","amount":5,"currency":"JPY"}
                """)
            #expect(payment.json["payment"]["paymentDate"].stringValue == "2031-05-06", "\(payment)")
        }
    }
}
