import Foundation
import HTTPTypes
import SplitAPI
@testable import SplitServer
import Testing

@Suite("split-server change feed", .serialized)
struct SyncFeedTests {
    @Test("since=0 gives the whole group; each write moves the revision; tombstones report deletes")
    func feedAndTombstones() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea", "Chen"])
            let expense = try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "300",
                                                   splits: [(m["Alex"]!, "100"), (m["Bea"]!, "100"), (m["Chen"]!, "100")])
            let payment = try #require(try await api.call(.post, "/api/groups/\(group)/payments", token: token,
                json: #"{"fromMemberId":"\#(m["Bea"]!)","toMemberId":"\#(m["Alex"]!)","amount":100,"currency":"JPY","note":"cash"}"#)
                .json["payment"]["id"].stringValue)
            #expect(try await api.call(.put, "/api/groups/\(group)/rates/USD", token: token, json: #"{"rate":"150.250"}"#).status == .ok)

            let first = try await api.changes(token, group: group)
            #expect(first.more == false)
            #expect(first.group?.name == "Tokyo")
            #expect(Set(first.members.map(\.name)) == ["Alex", "Bea", "Chen"])
            #expect(first.expenses.map(\.id) == [expense])
            #expect(first.expenses[0].splits?.count == 3 && first.expenses[0].amount == 300 && first.expenses[0].deleted == false)
            #expect(first.payments.map(\.id) == [payment] && first.payments[0].note == "cash")
            #expect(first.rates.map(\.rate) == ["150.25"])
            let revisions = first.members.map(\.revision) + first.expenses.map(\.revision) + first.payments.map(\.revision)
            #expect(revisions.allSatisfy { $0 > 0 && $0 <= first.revision })
            #expect(try await api.changes(token, group: group, since: first.revision).expenses.isEmpty)

            // Deletes of every kind, then the feed since the first answer holds only tombstones.
            #expect(try await api.call(.delete, "/api/expenses/\(expense)", token: token).status == .ok)
            #expect(try await api.call(.delete, "/api/groups/\(group)/payments/\(payment)", token: token).status == .ok)
            #expect(try await api.call(.delete, "/api/groups/\(group)/members/\(m["Chen"]!)", token: token).status == .ok)
            #expect(try await api.call(.delete, "/api/groups/\(group)/rates/USD", token: token).status == .ok)
            let later = try await api.changes(token, group: group, since: first.revision)
            #expect(later.revision == first.revision + 4)
            #expect(later.group == nil)
            #expect(later.expenses.map { [$0.id, "\($0.deleted)"] } == [[expense, "true"]])
            #expect(later.expenses[0].amount == nil && later.expenses[0].splits == nil)
            #expect(later.payments.map { [$0.id, "\($0.deleted)"] } == [[payment, "true"]])
            #expect(later.members.map { [$0.id, "\($0.deleted)"] } == [[m["Chen"]!, "true"]])
            #expect(later.rates.map { [$0.currency, "\($0.deleted)"] } == [["USD", "true"]])
            // Tombstones are kept: a client that never saw the items still learns they are gone.
            let fresh = try await api.changes(token, group: group)
            #expect(fresh.expenses.allSatisfy(\.deleted) && fresh.payments.allSatisfy(\.deleted))
            // A rate set again is live again, and its tombstone goes.
            #expect(try await api.call(.put, "/api/groups/\(group)/rates/USD", token: token, json: #"{"rate":"151"}"#).status == .ok)
            #expect(try await api.changes(token, group: group).rates.map(\.deleted) == [false])

            // The group's own fields: rename and currency travel as extension fields.
            let renamed = try await api.call(.patch, "/api/groups/\(group)", token: token, json: #"{"name":"Kyoto","currency":"JPY"}"#)
            #expect(renamed.status == .ok && renamed.json["group"]["name"].stringValue == "Kyoto")
            #expect(renamed.json["group"].keys == ["id", "name", "description", "owner_id", "invite_code", "is_active"])
            let fields = try await api.changes(token, group: group, since: later.revision)
            #expect(fields.group?.name == "Kyoto" && fields.group?.currency == "JPY")
        }
    }

    @Test("the group's reads send ETag; If-None-Match with the current revision is a 304")
    func etags() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex"])
            try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "5", splits: [(m["Alex"]!, "5")])
            let paths = ["members", "expenses", "payments", "balances", "changes?since=0"].map { "/api/groups/\(group)/\($0)" }
            for path in paths {
                let full = try await api.call(.get, path, token: token)
                let tag = try #require(full.headers[.eTag], "\(path)")
                let revision = try await api.changes(token, group: group).revision
                #expect(tag == "\"\(revision)\"", "\(path)")
                let cached = try await api.call(.get, path, token: token, headers: [API.ifNoneMatch: tag])
                #expect(cached.status == .notModified && cached.body.isEmpty && cached.headers[.eTag] == tag, "\(path)")
                let weak = try await api.call(.get, path, token: token, headers: [API.ifNoneMatch: "W/\(tag)"])
                #expect(weak.status == .notModified, "\(path)")
            }
            let old = try await api.call(.get, paths[1], token: token).headers[.eTag]
            try await api.addMember(token, group: group, name: "Bea")
            let changed = try await api.call(.get, paths[1], token: token, headers: [API.ifNoneMatch: old ?? ""])
            #expect(changed.status == .ok && changed.headers[.eTag] != old)
        }
    }

    @Test("paging: limit cuts between revisions, never inside one, and the pages add up to everything")
    func paging() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            for amount in 1...9 {
                try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: "\(amount)",
                                         splits: [(m["Bea"]!, "\(amount)")])
            }
            let pages = try await api.allChanges(token, group: group, limit: 4)
            #expect(pages.count >= 3)
            #expect(pages.dropLast().allSatisfy(\.more) && pages.last?.more == false)
            let expenses = pages.flatMap(\.expenses)
            #expect(expenses.count == 9 && Set(expenses.map(\.id)).count == 9)
            #expect(pages.flatMap(\.members).count == 2)
            for page in pages {
                let items = page.members.count + page.expenses.count + page.payments.count + page.rates.count
                #expect(items <= 4)
                let highest = (page.members.map(\.revision) + page.expenses.map(\.revision)).max() ?? 0
                #expect(highest <= page.revision)
            }

            // A from-local upload is one revision with many items: it comes whole, past the limit.
            let body = #"{"name":"Big","members":[{"localId":"a","name":"A"},{"localId":"b","name":"B"}],"expenses":["#
                + (1...5).map { #"{"localId":"e\#($0)","amount":\#($0),"currency":"JPY","category":"Meal","paidByLocalId":"a","expenseDate":"2025-01-20","splits":[{"memberLocalId":"b","amount":\#($0)}]}"# }
                    .joined(separator: ",") + "]}"
            let upload = try await api.call(.post, "/api/groups/from-local", token: token, json: body)
            let big = try #require(upload.json["groupId"].stringValue)
            let whole = try await api.changes(token, group: big, limit: 2)
            #expect(whole.expenses.count == 5 && whole.members.count == 2 && whole.more == false && whole.revision == 1)
        }
    }

    @Test("since past the group's revision, a negative since and an out-of-range limit are 400s")
    func badCursor() async throws {
        try await ServerHarness.run { api in
            let (token, group, _) = try await api.trip(["Alex"])
            let ahead = try await api.call(.get, "/api/groups/\(group)/changes?since=999", token: token)
            #expect(ahead.status == .badRequest && ahead.error?.contains("newer than the group's revision") == true, "\(ahead)")
            for query in ["since=-1", "limit=0", "limit=1001", "since=abc"] {
                let reply = try await api.call(.get, "/api/groups/\(group)/changes?\(query)", token: token)
                #expect(reply.status == .badRequest, "\(query): \(reply)")
            }
            let unknown = try await api.call(.get, "/api/groups/\(API.newID())/changes", token: token)
            #expect(unknown.status == .notFound)
        }
    }

    /// Set once every writer has finished, so the reader makes its last pass after them.
    actor Finish {
        private(set) var done = false
        func set() { done = true }
    }

    @Test("no missed change: 8 concurrent writers and a polling reader agree with the final state", arguments: 0..<5)
    func noMissedChange(round: Int) async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let finish = Finish()
            // The reader applies pages as a client would: the latest state of each id wins.
            let reader = Task {
                var state: [String: Bool] = [:]
                var cursor: Int64 = 0
                var polls = 0
                func pull() async throws {
                    for page in try await api.allChanges(token, group: group, since: cursor) {
                        for expense in page.expenses { state[expense.id] = !expense.deleted }
                        #expect(page.revision >= cursor)
                        cursor = page.revision
                    }
                    polls += 1
                }
                while !(await finish.done) { try await pull() }
                try await pull()
                return (state, polls)
            }
            try await withThrowingTaskGroup(of: Void.self) { writers in
                for writer in 0..<8 {
                    writers.addTask {
                        // Adds four expenses and deletes two of them, interleaved.
                        var mine: [String] = []
                        for step in 0..<6 {
                            if step % 3 == 2, let victim = mine.popLast() {
                                let deleted = try await api.call(.delete, "/api/expenses/\(victim)", token: token)
                                #expect(deleted.status == .ok)
                            } else {
                                let amount = "\(writer * 10 + step + 1)"
                                mine.append(try await api.addExpense(token, group: group, payer: m["Alex"]!, amount: amount,
                                                                     splits: [(m["Bea"]!, amount)]))
                            }
                        }
                    }
                }
                try await writers.waitForAll()
            }
            await finish.set()
            let (seen, polls) = try await reader.value
            let live = try await api.call(.get, "/api/groups/\(group)/expenses", token: token).json["expenses"].arrayValue ?? []
            let liveIDs = Set(live.compactMap { $0["id"]?.stringValue })
            #expect(liveIDs.count == 8 * 2)
            #expect(Set(seen.filter(\.value).keys) == liveIDs, "round \(round), \(polls) polls")
            #expect(seen.count == 8 * 4, "every expense ever created was seen, live or deleted")
            #expect(polls > 1)
        }
    }
}
