import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import SplitCloud
import SplitCore
import Testing

/// The bytes split sends: a body resent by a later process (an upload or a sync resumed after
/// a stop) must be the same bytes under its Idempotency-Key, for any server that compares
/// bytes. Foundation's encoder on Linux orders keys by a per-process hash seed, so the client
/// sorts them. The peer is a loopback responder that records what it received.
@Suite("request bodies")
struct RequestBodyTests {
    @Test("an expense's body has its keys sorted at every level, so every process sends the same bytes")
    func sortedKeys() async throws {
        let received = NIOLockedValueBox<[String]>([])
        try await LoopbackResponder.run(label: "recording", answer: { request in
            var request = request
            let body = String(buffer: try await request.collectBody(upTo: 1 << 16))
            func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
                Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
            }
            if request.uri.path == "/health" {
                return json(.ok, #"{"status":"ok","mode":"vps","port":"3012","timestamp":"2025-01-20T09:00:00.000Z","features":["sync"]}"#)
            }
            received.withLockedValue { $0.append(body) }
            return json(.created, #"{"success":true,"expenseId":"6f1c2a4e-0000-4000-8000-000000000009"}"#)
        }) { server in
            let client = CloudClient(transport: CloudTransport(server: server), token: "t")
            let (alex, bea) = (MemberID("6f1c2a4e-0000-4000-8000-00000000000a"), MemberID("6f1c2a4e-0000-4000-8000-00000000000b"))
            let jpy = try Currency(code: "JPY")
            let expense = Expense(id: ExpenseID("e"), description: "Dinner", amount: Money(minorUnits: 1000, currency: jpy),
                                  category: .meal, paidBy: alex, date: CivilDate(year: 2025, month: 1, day: 20)!,
                                  splits: [ExpenseSplit(memberID: alex, amount: 500), ExpenseSplit(memberID: bea, amount: 500)])
            _ = try await client.createExpense(expense, group: TripID("6f1c2a4e-0000-4000-8000-000000000001"), key: "k")
        }
        let body = try #require(received.withLockedValue { $0 }.first)
        #expect(body == #"{"amount":1000,"category":"Meal","currency":"JPY","description":"Dinner","expenseDate":"2025-01-20","groupId":"6f1c2a4e-0000-4000-8000-000000000001","paidByMemberId":"6f1c2a4e-0000-4000-8000-00000000000a","splits":[{"amount":500,"memberId":"6f1c2a4e-0000-4000-8000-00000000000a"},{"amount":500,"memberId":"6f1c2a4e-0000-4000-8000-00000000000b"}]}"#)
    }
}
