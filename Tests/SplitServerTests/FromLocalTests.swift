import Foundation
import SplitAPI
@testable import SplitServer
import Testing

@Suite("split-server POST /api/groups/from-local", .serialized)
struct FromLocalTests {
    static func request(badThird: Bool = false) -> String {
        let third = badThird
            ? #"{"localId":"e3","description":"Bad","amount":100,"currency":"JPY","category":"Meal","paidByLocalId":"m1","expenseDate":"2025-01-22","splits":[{"memberLocalId":"m1","amount":60},{"memberLocalId":"m2","amount":30}]}"#
            : #"{"localId":"e3","description":"Lunch","amount":10.5,"currency":"USD","category":"Meal","paidByLocalId":"m3","expenseDate":"2025-01-22","splits":[{"memberLocalId":"m1","amount":5.25},{"memberLocalId":"m3","amount":5.25}]}"#
        return #"""
        {"name":"Tokyo Trip","description":"from my laptop",
         "members":[{"localId":"m1","name":"Alex"},{"localId":"m2","name":"Bea"},{"localId":"m3","name":"Chen"}],
         "expenses":[
          {"localId":"e1","description":"Dinner","amount":12000,"currency":"JPY","category":"Meal","paidByLocalId":"m1","expenseDate":"2025-01-20",
           "splits":[{"memberLocalId":"m1","amount":4000},{"memberLocalId":"m2","amount":4000,"isPaid":true},{"memberLocalId":"m3","amount":4000}]},
          {"localId":"e2","description":"Taxi","amount":3000,"currency":"JPY","category":"Transport","paidByLocalId":"m2","expenseDate":"2025-01-21",
           "splits":[{"memberLocalId":"m2","amount":1500},{"memberLocalId":"m3","amount":1500}]},
          \#(third)]}
        """#
    }

    @Test("creates everything in one request and answers the id map")
    func uploads() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let reply = try await api.call(.post, "/api/groups/from-local", token: token, json: Self.request())
            #expect(reply.status == .created, "\(reply)")
            let map = try reply.decode(Components.Schemas.FromLocalResponse.self)
            #expect(map.members.map(\.localId) == ["m1", "m2", "m3"])
            #expect(map.expenses.map(\.localId) == ["e1", "e2", "e3"])
            #expect(map.expenses[0].splits.map(\.memberLocalId) == ["m1", "m2", "m3"])

            let members = try await api.call(.get, "/api/groups/\(map.groupId)/members", token: token)
                .decode(Components.Schemas.MemberList.self).members
            #expect(Set(members.map(\.id)) == Set(map.members.map(\.id)))
            let expenses = try await api.call(.get, "/api/groups/\(map.groupId)/expenses", token: token)
                .decode(Components.Schemas.ExpenseList.self).expenses
            #expect(expenses.map(\.id) == map.expenses.reversed().map(\.id))
            let dinner = try #require(expenses.first { $0.id == map.expenses[0].id })
            let beaSplit = try #require(dinner.splits.first { $0.id == map.expenses[0].splits[1].id })
            #expect(beaSplit.isPaid && beaSplit.memberId == map.members[1].id && beaSplit.amount == 4000)
            #expect(expenses.first { $0.id == map.expenses[2].id }?.amount == 10.5)
            let groups = try await api.call(.get, "/api/groups", token: token).decode(Components.Schemas.GroupList.self)
            #expect(groups.groups.map(\.name) == ["Tokyo Trip"])
        }
    }

    @Test("a bad third expense fails the request with its localId and leaves nothing behind")
    func atomic() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let reply = try await api.call(.post, "/api/groups/from-local", token: token, json: Self.request(badThird: true))
            #expect(reply.status == .badRequest)
            #expect(reply.error?.contains("expense 'e3'") == true && reply.error?.contains("short of") == true, "\(reply)")
            #expect(try await api.call(.get, "/api/groups", token: token).json["groups"].count == 0)
            let rows = try await TestCluster.withAdmin(api.settings) { connection in
                var counts: [Int64] = []
                for table in ["trip_groups", "members", "expenses", "expense_splits"] {
                    for try await count in try await connection.query(.init(unsafeSQL: "SELECT count(*) FROM \(table)"),
                                                                      logger: TestCluster.logger).decode(Int64.self) {
                        counts.append(count)
                    }
                }
                return counts
            }
            #expect(rows == [0, 0, 0, 0])
        }
    }

    @Test("unknown member localIds and duplicate names are refused before anything is written")
    func references() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register()
            let unknown = Self.request().replacingOccurrences(of: #""paidByLocalId":"m2""#, with: #""paidByLocalId":"m9""#)
            let reply = try await api.call(.post, "/api/groups/from-local", token: token, json: unknown)
            #expect(reply.status == .badRequest && reply.error?.contains("expense 'e2'") == true
                    && reply.error?.contains("'m9'") == true, "\(reply)")
            let twice = Self.request().replacingOccurrences(of: #""name":"Bea""#, with: #""name":"alex""#)
            let duplicate = try await api.call(.post, "/api/groups/from-local", token: token, json: twice)
            #expect(duplicate.status == .badRequest && duplicate.error?.contains("appears twice") == true, "\(duplicate)")
        }
    }
}
