import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

@Suite("split-server batch sync", .serialized)
struct SyncBatchTests {
    static func createExpense(op: String = API.newID(), id: String, payer: String, owes: String, amount: Int,
                              description: String = "Taxi") -> String {
        #"{"opId":"\#(op)","type":"createExpense","data":{"id":"\#(id)","description":"\#(description)","amount":\#(amount),"currency":"JPY","category":"Transport","paidByMemberId":"\#(payer)","expenseDate":"2025-01-20","splits":[{"memberId":"\#(owes)","amount":\#(amount)}]}}"#
    }

    @Test("one batch of every op type applies in order, in one round trip, and answers the changes")
    func everyOpType() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let start = try await api.changes(token, group: group).revision
            let chen = API.newID(), dinner = API.newID(), taxi = API.newID(), payment = API.newID()
            let ops = [
                #"{"opId":"\#(API.newID())","type":"createMember","data":{"id":"\#(chen)","name":"Chen"}}"#,
                #"{"opId":"\#(API.newID())","type":"renameMember","data":{"id":"\#(chen)","name":"Chen Li"}}"#,
                Self.createExpense(id: dinner, payer: m["Alex"]!, owes: chen, amount: 30, description: "Dinner"),
                Self.createExpense(id: taxi, payer: m["Bea"]!, owes: m["Alex"]!, amount: 12),
                #"{"opId":"\#(API.newID())","type":"updateExpense","data":{"id":"\#(dinner)","description":"Dinner","amount":40,"currency":"JPY","category":"Meal","paidByMemberId":"\#(m["Alex"]!)","expenseDate":"2025-01-21","note":"late","splits":[{"memberId":"\#(chen)","amount":40}]}}"#,
                #"{"opId":"\#(API.newID())","type":"setPaid","data":{"expenseId":"\#(dinner)","memberId":"\#(chen)","isPaid":true}}"#,
                #"{"opId":"\#(API.newID())","type":"deleteExpense","data":{"id":"\#(taxi)"}}"#,
                #"{"opId":"\#(API.newID())","type":"createPayment","data":{"id":"\#(payment)","fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":3,"currency":"JPY","note":"coins"}}"#,
                #"{"opId":"\#(API.newID())","type":"deletePayment","data":{"id":"\#(payment)"}}"#,
                #"{"opId":"\#(API.newID())","type":"setRate","data":{"currency":"USD","rate":"149.5"}}"#,
                #"{"opId":"\#(API.newID())","type":"renameGroup","data":{"name":"Tokyo 2025","currency":"JPY"}}"#,
                #"{"opId":"\#(API.newID())","type":"removeMember","data":{"id":"\#(m["Alex"]!)"}}"#,
            ]
            let reply = try await api.sync(token, group: group, since: start, ops: ops)
            #expect(reply.status == .ok, "\(reply)")
            let answer = try reply.decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.map(\.status) == Array(repeating: .applied, count: 11) + [.rejected], "\(answer.results)")
            #expect(answer.results.last?.error?.contains("cannot remove Alex") == true, "\(answer.results.last as Any)")
            let changes = answer.changes
            #expect(changes.group?.name == "Tokyo 2025" && changes.group?.currency == "JPY")
            #expect(changes.members.map(\.name) == ["Chen Li"])
            let stored = try #require(changes.expenses.first { $0.id == dinner })
            #expect(stored.amount == 40 && stored.note == "late" && stored.expenseDate == "2025-01-21")
            #expect(stored.splits?.map(\.isPaid) == [true])
            #expect(changes.expenses.first { $0.id == taxi }?.deleted == true, "\(changes.expenses)")
            #expect(changes.payments.map(\.deleted) == [true])
            #expect(changes.rates.map(\.rate) == ["149.5"])
            #expect(changes.revision == start + 1, "one batch is one revision")
        }
    }

    @Test("a lost answer: the same batch again returns the stored results and applies nothing twice")
    func replay() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let ops = (1...20).map { Self.createExpense(id: API.newID(), payer: m["Alex"]!, owes: m["Bea"]!, amount: $0) }
                + [#"{"opId":"\#(API.newID())","type":"renameMember","data":{"id":"\#(m["Bea"]!)","name":"Beatrice"}}"#]
            let first = try await api.sync(token, group: group, ops: ops)
            let second = try await api.sync(token, group: group, ops: ops)
            #expect(first.status == .ok && second.status == .ok)
            let results = try first.decode(Components.Schemas.SyncResponse.self).results
            #expect(results.allSatisfy { $0.status == .applied })
            #expect(try second.decode(Components.Schemas.SyncResponse.self).results == results)
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 20)

            // One opId twice in one batch: the second is a replay of the first.
            let twice = Self.createExpense(id: API.newID(), payer: m["Bea"]!, owes: m["Alex"]!, amount: 99)
            let doubled = try await api.sync(token, group: group, ops: [twice, twice])
            #expect(doubled.status == .ok, "\(doubled)")
            let pair = try doubled.decode(Components.Schemas.SyncResponse.self).results
            #expect(pair.count == 2 && pair[0] == pair[1] && pair[0].status == .applied)
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 21)

            // Two instances of one batch at once: the group lock serialises them; one applies, one replays.
            let more = (1...10).map { Self.createExpense(id: API.newID(), payer: m["Bea"]!, owes: m["Alex"]!, amount: $0) }
            async let a = api.sync(token, group: group, ops: more)
            async let b = api.sync(token, group: group, ops: more)
            let (ra, rb) = try await (a, b)
            #expect(ra.status == .ok && rb.status == .ok)
            #expect(try ra.decode(Components.Schemas.SyncResponse.self).results == rb.decode(Components.Schemas.SyncResponse.self).results)
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 31)
        }
    }

    @Test("a conflict in the middle: the stale op is reported with the current item, the ops around it apply")
    func conflictInTheMiddle() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let expense = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "10", splits: [(m["Bea"]!, "10")])
            let seen = try #require(try await api.changes(token, group: group).expenses.first?.revision)
            // Another device edits the expense first.
            #expect(try await api.call(.patch, "/api/expense-splits/\(try #require(try await api.changes(token, group: group).expenses.first?.splits?.first?.id))/payment",
                                       token: token, json: #"{"isPaid":true}"#).status == .ok)
            let before = API.newID(), after = API.newID()
            let ops = [
                Self.createExpense(id: before, payer: m["Alex"]!, owes: m["Bea"]!, amount: 1),
                #"{"opId":"\#(API.newID())","type":"updateExpense","ifMatch":\#(seen),"data":{"id":"\#(expense)","description":"Mine","amount":10,"currency":"JPY","category":"Meal","paidByMemberId":"\#(m["Alex"]!)","expenseDate":"2025-01-20","splits":[{"memberId":"\#(m["Bea"]!)","amount":10}]}}"#,
                #"{"opId":"\#(API.newID())","type":"deleteExpense","ifMatch":\#(seen),"data":{"id":"\#(expense)"}}"#,
                Self.createExpense(id: after, payer: m["Alex"]!, owes: m["Bea"]!, amount: 2),
            ]
            let answer = try await api.sync(token, group: group, ops: ops).decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.map(\.status) == [.applied, .conflict, .conflict, .applied])
            #expect(answer.results[1].current?.expense?.description == "Dinner")
            #expect(answer.results[1].current?.expense?.splits?.first?.isPaid == true)
            let live = Set(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"]
                .arrayValue?.compactMap { $0["id"]?.stringValue } ?? [])
            #expect(live == [expense, before, after])

            // A client's own earlier op on an item is not a conflict for its later op on it.
            let current = try #require(try await api.changes(token, group: group).expenses.first { $0.id == expense }?.revision)
            let own = [
                #"{"opId":"\#(API.newID())","type":"setPaid","ifMatch":\#(current),"data":{"expenseId":"\#(expense)","memberId":"\#(m["Bea"]!)","isPaid":false}}"#,
                #"{"opId":"\#(API.newID())","type":"deleteExpense","ifMatch":\#(current),"data":{"id":"\#(expense)"}}"#,
            ]
            let mine = try await api.sync(token, group: group, ops: own).decode(Components.Schemas.SyncResponse.self)
            #expect(mine.results.map(\.status) == [.applied, .applied])
        }
    }

    @Test("a member name taken by another device's member is rejected with that member as current")
    func nameClash() async throws {
        try await ServerHarness.run { api in
            let (token, group, _) = try await api.trip(["Alex"])
            let first = API.newID(), second = API.newID()
            let one = try await api.sync(token, group: group, ops: [#"{"opId":"\#(API.newID())","type":"createMember","data":{"id":"\#(first)","name":"Dana"}}"#])
            #expect(try one.decode(Components.Schemas.SyncResponse.self).results.map(\.status) == [.applied])
            let two = try await api.sync(token, group: group, ops: [#"{"opId":"\#(API.newID())","type":"createMember","data":{"id":"\#(second)","name":" dana "}}"#])
            let result = try #require(try two.decode(Components.Schemas.SyncResponse.self).results.first)
            #expect(result.status == .rejected && result.error?.contains("already exists") == true, "\(result)")
            #expect(result.current?.member?.id == first && result.current?.member?.name == "Dana")
        }
    }

    @Test("a createExpense whose id the group holds, deleted or with other content, is a conflict carrying the item now")
    func createOfHeldID() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let gone = API.newID(), edited = API.newID()
            let first = try await api.sync(token, group: group, ops: [
                Self.createExpense(id: gone, payer: m["Alex"]!, owes: m["Bea"]!, amount: 10),
                Self.createExpense(id: edited, payer: m["Alex"]!, owes: m["Bea"]!, amount: 20),
                #"{"opId":"\#(API.newID())","type":"deleteExpense","data":{"id":"\#(gone)"}}"#,
            ])
            #expect(try first.decode(Components.Schemas.SyncResponse.self).results.map(\.status) == [.applied, .applied, .applied])
            let second = try await api.sync(token, group: group, ops: [
                Self.createExpense(id: gone, payer: m["Alex"]!, owes: m["Bea"]!, amount: 10),
                Self.createExpense(id: edited, payer: m["Alex"]!, owes: m["Bea"]!, amount: 25),
                Self.createExpense(id: edited, payer: m["Alex"]!, owes: m["Bea"]!, amount: 20),
            ])
            let results = try second.decode(Components.Schemas.SyncResponse.self).results
            #expect(results.map(\.status) == [.conflict, .conflict, .applied], "\(results)")
            #expect(results[0].current?.expense?.deleted == true, "\(results[0])")
            #expect(results[1].current?.expense?.amount == 20, "\(results[1])")
        }
    }

    @Test("setRate with ifMatch 0 means 'I saw none': it applies to an absent rate, twice in one batch, and conflicts with another device's")
    func newRateClash() async throws {
        try await ServerHarness.run { api in
            let (token, group, _) = try await api.trip(["Alex"])
            func setRate(_ rate: String) -> String {
                #"{"opId":"\#(API.newID())","type":"setRate","ifMatch":0,"data":{"currency":"USD","rate":"\#(rate)"}}"#
            }
            let mine = try await api.sync(token, group: group, ops: [setRate("150"), setRate("151")])
            #expect(try mine.decode(Components.Schemas.SyncResponse.self).results.map(\.status) == [.applied, .applied])
            let theirs = try await api.sync(token, group: group, ops: [setRate("149")])
            let result = try #require(try theirs.decode(Components.Schemas.SyncResponse.self).results.first)
            #expect(result.status == .conflict && result.current?.rate?.rate == "151", "\(result)")
        }
    }

    @Test("rejected ops name their field; a bad op type, a bad opId, too many ops and too many bytes refuse the batch")
    func limits() async throws {
        try await ServerHarness.run(configure: { $0.maxBodyBytes = 8 << 20 }) { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let bad = #"{"opId":"\#(API.newID())","type":"createExpense","data":{"id":"\#(API.newID())","amount":10,"currency":"JPY","category":"Food","paidByMemberId":"\#(m["Alex"]!)","expenseDate":"2025-01-20","splits":[{"memberId":"\#(m["Bea"]!)","amount":10}]}}"#
            let answer = try await api.sync(token, group: group, ops: [bad]).decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.first?.status == .rejected)
            #expect(answer.results.first?.error?.contains("ops[0].data.category") == true, "\(answer.results)")

            let unknown = try await api.sync(token, group: group, ops: [#"{"opId":"\#(API.newID())","type":"explode","data":{}}"#])
            #expect(unknown.status == .badRequest, "\(unknown)")
            let badID = try await api.sync(token, group: group, ops: [#"{"opId":"x","type":"removeMember","data":{"id":"\#(m["Bea"]!)"}}"#])
            #expect(badID.status == .badRequest && badID.error?.contains("ops[0].opId") == true, "\(badID)")

            let many = (0...1000).map { _ in #"{"opId":"\#(API.newID())","type":"removeMember","data":{"id":"\#(API.newID())"}}"# }
            let tooMany = try await api.sync(token, group: group, ops: many)
            #expect(tooMany.status == .badRequest && tooMany.error?.contains("1000") == true, "\(tooMany.description.prefix(200))")

            let ahead = try await api.sync(token, group: group, since: 99, ops: [
                Self.createExpense(id: API.newID(), payer: m["Alex"]!, owes: m["Bea"]!, amount: 1)])
            #expect(ahead.status == .badRequest && ahead.error?.contains("newer than the group's revision") == true, "\(ahead)")
            let empty = try await api.sync(token, group: group, ops: [])
            #expect(empty.status == .ok && empty.json["results"].count == 0)

            let huge = String(repeating: "x", count: 9 << 20)
            let big = try await api.call(.post, "/api/groups/\(group)/sync", token: token,
                                         json: #"{"since":0,"ops":[],"pad":"\#(huge)"}"#)
            #expect(big.status == .contentTooLarge)
            #expect(try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].count == 0)
        }
    }
}
