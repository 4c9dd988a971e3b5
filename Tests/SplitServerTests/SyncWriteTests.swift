import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

@Suite("split-server client ids and conditional writes", .serialized)
struct SyncWriteTests {
    @Test("a client-chosen id: the same content again is 200 with the stored item; other content, another group or a deleted id is 409")
    func clientIDs() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let other = try await api.createGroup(token, name: "Other")

            // Members.
            let memberID = API.newID()
            let member = #"{"id":"\#(memberID)","name":"Chen"}"#
            let made = try await api.call(.post, "/api/groups/\(group)/members", token: token, json: member)
            #expect(made.status == .created && made.json["member"]["id"].stringValue == memberID)
            let again = try await api.call(.post, "/api/groups/\(group)/members", token: token, json: member)
            #expect(again.status == .ok)
            #expect(try again.decode(Components.Schemas.MemberEnvelope.self) == made.decode(Components.Schemas.MemberEnvelope.self))
            let renamed = try await api.call(.post, "/api/groups/\(group)/members", token: token, json: #"{"id":"\#(memberID)","name":"Dana"}"#)
            #expect(renamed.status == .conflict, "\(renamed)")
            #expect(try await api.call(.post, "/api/groups/\(other)/members", token: token, json: member).status == .conflict)

            // Expenses, with a note that only the feed shows.
            let expenseID = API.newID()
            let expense = #"{"id":"\#(expenseID)","groupId":"\#(group)","description":"Dinner","amount":30,"currency":"JPY","category":"Meal","paidByMemberId":"\#(m["Alex"]!)","expenseDate":"2025-01-20","note":"two lines\nof note","splits":[{"memberId":"\#(m["Alex"]!)","amount":10},{"memberId":"\#(m["Bea"]!)","amount":20}]}"#
            let created = try await api.call(.post, "/api/expenses", token: token, json: expense)
            #expect(created.status == .created && created.json["expenseId"].stringValue == expenseID)
            let retried = try await api.call(.post, "/api/expenses", token: token, json: expense)
            #expect(retried.status == .ok)
            #expect(try retried.decode(Components.Schemas.CreatedExpense.self) == created.decode(Components.Schemas.CreatedExpense.self))
            let listed = try await api.call(.get, "/api/groups/\(group)/expenses", token: token)
            #expect(listed.json["expenses"].count == 1)
            #expect(listed.json["expenses"][0].keys.contains("note") == false, "Node's answer keeps its keys")
            #expect(try await api.changes(token, group: group).expenses.first?.note == "two lines\nof note")
            let changed = expense.replacingOccurrences(of: #""amount":30"#, with: #""amount":31"#)
                .replacingOccurrences(of: #""amount":20"#, with: #""amount":21"#)
            #expect(try await api.call(.post, "/api/expenses", token: token, json: changed).status == .conflict)
            let elsewhere = try await api.addMember(token, group: other, name: "Alex")
            let moved = #"{"id":"\#(expenseID)","groupId":"\#(other)","amount":30,"currency":"JPY","category":"Meal","paidByMemberId":"\#(elsewhere)","expenseDate":"2025-01-20","splits":[{"memberId":"\#(elsewhere)","amount":30}]}"#
            #expect(try await api.call(.post, "/api/expenses", token: token, json: moved).status == .conflict)
            #expect(try await api.call(.delete, "/api/expenses/\(expenseID)", token: token).status == .ok)
            let revived = try await api.call(.post, "/api/expenses", token: token, json: expense)
            #expect(revived.status == .conflict && revived.error?.contains("deleted") == true, "\(revived)")

            // Payments.
            let paymentID = API.newID()
            let payment = #"{"id":"\#(paymentID)","fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":5,"currency":"JPY","paymentDate":"2025-01-21"}"#
            let paid = try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: payment)
            #expect(paid.status == .created && paid.json["payment"]["id"].stringValue == paymentID)
            let repaid = try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: payment)
            #expect(repaid.status == .ok)
            #expect(try repaid.decode(Components.Schemas.PaymentEnvelope.self) == paid.decode(Components.Schemas.PaymentEnvelope.self))
            let more = payment.replacingOccurrences(of: #""amount":5"#, with: #""amount":6"#)
            #expect(try await api.call(.post, "/api/groups/\(group)/payments", token: token, json: more).status == .conflict)
            #expect(try await api.call(.get, "/api/groups/\(group)/payments", token: token).json["payments"].count == 1)

            // A malformed id is a 400 naming the field.
            let bad = try await api.call(.post, "/api/groups/\(group)/members", token: token, json: #"{"id":"nope","name":"Eve"}"#)
            #expect(bad.status == .badRequest && bad.error?.contains("id") == true)
        }
    }

    @Test("from-local with a client-chosen group id: an identical retry is 200 with the first answer; another body is 409")
    func fromLocalRetry() async throws {
        try await ServerHarness.run { api in
            let (token, _) = try await api.register("Alice")
            let groupID = API.newID(), alexID = API.newID(), dinnerID = API.newID()
            let body = #"{"id":"\#(groupID)","name":"Trip","currency":"EUR","members":[{"localId":"a","id":"\#(alexID)","name":"Alex"},{"localId":"b","name":"Bea"}],"expenses":[{"localId":"e1","id":"\#(dinnerID)","amount":12.5,"currency":"EUR","category":"Meal","paidByLocalId":"a","expenseDate":"2025-01-20","note":"tip included","splits":[{"memberLocalId":"a","amount":6.25},{"memberLocalId":"b","amount":6.25}]}]}"#
            let first = try await api.call(.post, "/api/groups/from-local", token: token, json: body)
            #expect(first.status == .created, "\(first)")
            #expect(first.json["groupId"].stringValue == groupID && first.json["members"][0]["id"].stringValue == alexID)
            #expect(first.json["expenses"][0]["id"].stringValue == dinnerID)
            let second = try await api.call(.post, "/api/groups/from-local", token: token, json: body)
            #expect(second.status == .ok)
            #expect(try second.decode(Components.Schemas.FromLocalResponse.self) == first.decode(Components.Schemas.FromLocalResponse.self))
            let changes = try await api.changes(token, group: groupID)
            #expect(changes.group?.currency == "EUR" && changes.expenses.first?.note == "tip included")
            let other = body.replacingOccurrences(of: #""name":"Trip""#, with: #""name":"Trip 2""#)
            #expect(try await api.call(.post, "/api/groups/from-local", token: token, json: other).status == .conflict)
            let (bob, _) = try await api.register("Bob")
            #expect(try await api.call(.post, "/api/groups/from-local", token: bob, json: body).status == .conflict)
            #expect(try await api.call(.get, "/api/groups", token: token).json["groups"].count == 1)
        }
    }

    @Test("If-Match: a stale revision is a 412 with the current item and nothing is written, on every conditional route")
    func preconditions() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea", "Chen"])
            let expense = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "10",
                                                   splits: [(m["Alex"]!, "5"), (m["Bea"]!, "5")])
            let payment = try #require(try await api.call(.post, "/api/groups/\(group)/payments", token: token,
                json: #"{"fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":5,"currency":"JPY"}"#)
                .json["payment"]["id"].stringValue)
            let state = try await api.changes(token, group: group)
            let expenseRevision = try #require(state.expenses.first?.revision)
            let split = try #require(state.expenses.first?.splits?.first?.id)
            let chenRevision = try #require(state.members.first { $0.name == "Chen" }?.revision)
            let paymentRevision = try #require(state.payments.first?.revision)
            let groupRevision = try #require(state.group?.revision)
            let edit = #"{"description":"Lunch","amount":10,"currency":"JPY","category":"Meal","paidByMemberId":"\#(m["Alex"]!)","expenseDate":"2025-01-20","splits":[{"memberId":"\#(m["Alex"]!)","amount":5},{"memberId":"\#(m["Bea"]!)","amount":5}]}"#

            // Move every item past the revision the client holds.
            #expect(try await api.call(.put, "/api/expenses/\(expense)", token: token, json: edit).status == .ok)
            #expect(try await api.call(.patch, "/api/groups/\(group)/members/\(m["Chen"]!)", token: token, json: #"{"name":"Chen Li"}"#).status == .ok)
            #expect(try await api.call(.patch, "/api/groups/\(group)", token: token, json: #"{"name":"Osaka"}"#).status == .ok)
            let stale: (Int64) -> HTTPFields = { [API.ifMatch: "\"\($0)\""] }
            let before = try await api.changes(token, group: group).revision

            struct Case { let method: HTTPRequest.Method; let path: String; let body: String?; let revision: Int64; let kind: String }
            let cases = [
                Case(method: .put, path: "/api/expenses/\(expense)", body: edit, revision: expenseRevision, kind: "expense"),
                Case(method: .delete, path: "/api/expenses/\(expense)", body: nil, revision: expenseRevision, kind: "expense"),
                Case(method: .patch, path: "/api/expense-splits/\(split)/payment", body: #"{"isPaid":true}"#, revision: expenseRevision, kind: "expense"),
                Case(method: .patch, path: "/api/groups/\(group)/members/\(m["Chen"]!)", body: #"{"name":"C"}"#, revision: chenRevision, kind: "member"),
                Case(method: .delete, path: "/api/groups/\(group)/members/\(m["Chen"]!)", body: nil, revision: chenRevision, kind: "member"),
                Case(method: .patch, path: "/api/groups/\(group)", body: #"{"name":"Nara"}"#, revision: groupRevision, kind: "group"),
            ]
            for item in cases {
                let reply = try await api.call(item.method, item.path, token: token, json: item.body, headers: stale(item.revision))
                #expect(reply.status == .preconditionFailed, "\(item.method) \(item.path): \(reply)")
                #expect(reply.error?.contains("changed since revision \(item.revision)") == true, "\(reply)")
                #expect(reply.json["current"]["revision"].numberText.flatMap(Int64.init).map { $0 > item.revision } == true)
                #expect(reply.json["current"]["id"].stringValue != nil)
            }
            #expect(try await api.changes(token, group: group).revision == before, "a 412 writes nothing")
            let current = try await api.call(.put, "/api/expenses/\(expense)", token: token, json: edit, headers: stale(expenseRevision))
            #expect(current.json["current"]["description"].stringValue == "Lunch")

            // The current revision passes; the payment's too; then a delete leaves a tombstone for later If-Match.
            let fresh = try await api.changes(token, group: group)
            let now = try #require(fresh.expenses.first?.revision)
            #expect(try await api.call(.patch, "/api/expense-splits/\(split)/payment", token: token, json: #"{"isPaid":true}"#,
                                       headers: stale(now)).status == .ok)
            #expect(try await api.call(.delete, "/api/groups/\(group)/payments/\(payment)", token: token,
                                       headers: stale(paymentRevision)).status == .ok)
            let gone = try await api.call(.delete, "/api/groups/\(group)/payments/\(payment)", token: token, headers: stale(paymentRevision))
            #expect(gone.status == .preconditionFailed && gone.json["current"]["deleted"].boolValue == true, "\(gone)")
            #expect(try await api.call(.delete, "/api/groups/\(group)/payments/\(payment)", token: token).status == .notFound)
            #expect(try await api.call(.delete, "/api/expenses/\(expense)", token: token).status == .ok)
            let deleted = try await api.call(.put, "/api/expenses/\(expense)", token: token, json: edit, headers: stale(now))
            #expect(deleted.status == .preconditionFailed && deleted.json["current"]["deleted"].boolValue == true, "\(deleted)")
            #expect(try await api.call(.put, "/api/expenses/\(expense)", token: token, json: edit).status == .notFound,
                    "without If-Match a deleted expense is a 404, as on the Node server")

            for header in ["abc", "\"1", "W/x", "-3"] {
                let reply = try await api.call(.delete, "/api/groups/\(group)/members/\(m["Chen"]!)", token: token,
                                               headers: [API.ifMatch: header])
                #expect(reply.status == .badRequest && reply.error?.contains("If-Match") == true, "\(header): \(reply)")
            }
        }
    }

    @Test("rates: exact decimal text, refused when malformed, for known currencies only")
    func rates() async throws {
        try await ServerHarness.run { api in
            let (token, group, _) = try await api.trip(["Alex"])
            let set = try await api.call(.put, "/api/groups/\(group)/rates/USD", token: token, json: #"{"rate":"0150.2500"}"#)
            #expect(set.status == .ok && set.json["rate"].stringValue == "150.25" && set.json["deleted"].boolValue == false)
            for rate in ["0", "-1", "1e3", "abc", "1.0000000001"] {
                let reply = try await api.call(.put, "/api/groups/\(group)/rates/USD", token: token, json: #"{"rate":"\#(rate)"}"#)
                #expect(reply.status == .badRequest && reply.error?.contains("rate") == true, "\(rate): \(reply)")
            }
            #expect(try await api.call(.put, "/api/groups/\(group)/rates/XXX", token: token, json: #"{"rate":"1"}"#).status == .badRequest)
            #expect(try await api.call(.delete, "/api/groups/\(group)/rates/EUR", token: token).status == .notFound)
            #expect(try await api.changes(token, group: group).rates.map(\.rate) == ["150.25"])
            #expect(try await api.call(.patch, "/api/groups/\(group)", token: token, json: #"{"currency":"JPY"}"#).status == .ok)
            let own = try await api.call(.put, "/api/groups/\(group)/rates/JPY", token: token, json: #"{"rate":"1"}"#)
            #expect(own.status == .badRequest && own.error?.contains("trip's own currency") == true, "\(own)")
        }
    }
}
