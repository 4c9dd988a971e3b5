import NIOConcurrencyHelpers
import SplitAPI
@testable import SplitCloud
import SplitCore
import Testing

/// CloudClient over a stand-in `APIProtocol`: how generated values map to domain values and
/// errors, for answers a real server cannot be made to give on demand.
@Suite("cloud client over a stand-in API")
struct StandInClientTests {
    static let address = try! ServerAddress("http://127.0.0.1:9")

    static func client(_ api: StandInAPI) -> CloudClient {
        let counter = NIOLockedValueBox(0)
        let ids = IDGenerator { counter.withLockedValue { $0 += 1; return "id-\($0)" } }
        return CloudClient(api: api, transport: CloudTransport(server: address), token: "t", ids: ids)
    }

    static func expense(amount: Double, split: Double) -> Components.Schemas.Expense {
        .init(id: "E1", groupId: "G", description: "Hotel", amount: amount, currency: "USD", category: "Hotel",
              paidByMemberId: "A", expenseDate: "2025-01-19T16:00:00.000Z", createdAt: "2025-01-20T09:00:00.000Z",
              splits: [.init(id: "S1", memberId: "A", amount: split, isPaid: false)])
    }

    @Test("12-digit amounts arrive exactly; the date is the nearest UTC midnight")
    func exactAmounts() async throws {
        let api = StandInAPI(expenses: .ok(.init(body: .json(.init(expenses: [
            Self.expense(amount: 9999999999.99, split: 9999999999.99),
        ])))))
        let listed = try await Self.client(api).expenses(group: TripID("g"))
        #expect(listed.map(\.expense?.amount.minorUnits) == [999_999_999_999])
        #expect(listed.first?.expense?.date.description == "2025-01-20")
        #expect(listed.first?.splitIDs == [MemberID("a"): "s1"])
    }

    @Test("another client's inexact amount is read half to even, with the repair said, not refused")
    func inexactAmount() async throws {
        let api = StandInAPI(expenses: .ok(.init(body: .json(.init(expenses: [Self.expense(amount: 1.005, split: 1)])))))
        let listed = try await Self.client(api).expenses(group: TripID("g"))
        let expense = try #require(listed.first?.expense)
        #expect(expense.amount.minorUnits == 100 && expense.splits.map(\.amount) == [100])
        #expect(listed.first?.reading == .usable(expense, repairs: [.amountRounded(written: "1.005", to: 100)]))
    }

    @Test("a status the contract does not define is reported, not taken for success")
    func undocumentedStatus() async throws {
        let api = StandInAPI(created: .undocumented(statusCode: 202, .init()))
        let usd = try Currency(code: "USD")
        let expense = Expense(id: ExpenseID("x"), description: "Taxi", amount: Money(minorUnits: 29, currency: usd),
                              paidBy: MemberID("a"), date: CivilDate(year: 2025, month: 1, day: 20)!,
                              splits: [ExpenseSplit(memberID: MemberID("a"), amount: 29)])
        let client = Self.client(api)
        await #expect(throws: CloudError.badResponse(
            server: Self.address.url, detail: "POST /api/expenses answered HTTP 202, which the API does not define")) {
            try await client.createExpense(expense, group: TripID("g"))
        }
        // What went out: the amount as the exact number 0.29, and the caller's key or a fresh one.
        let sent = try #require(api.createInputs.first)
        guard case .json(let body) = sent.body else { Issue.record("no JSON body"); return }
        #expect(body.amount == 0.29 && body.splits.map(\.amount) == [0.29] && body.groupId == "g")
        #expect(client.newKey() == "split-id-1")
    }

    @Test("the caller's idempotency key is the one sent")
    func callerKey() async throws {
        let api = StandInAPI(created: .created(.init(body: .json(.init(success: true, expenseId: "E9")))))
        let usd = try Currency(code: "USD")
        let expense = Expense(id: ExpenseID("x"), description: "Taxi", amount: Money(minorUnits: 100, currency: usd),
                              paidBy: MemberID("a"), date: CivilDate(year: 2025, month: 1, day: 20)!,
                              splits: [ExpenseSplit(memberID: MemberID("a"), amount: 100)])
        #expect(try await Self.client(api).createExpense(expense, group: TripID("g"), key: "upload-1") == ExpenseID("e9"))
        #expect(api.createInputs.map(\.headers.idempotencyKey) == ["upload-1"])
    }
}
