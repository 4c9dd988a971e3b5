import Foundation
import SplitAPI
@testable import SplitServer
import Testing

/// A group's own categories on split-server (feature `categories`): the list through
/// `setCategories`, in the change feed, and expenses that may name its categories.
@Suite("a group's own categories")
struct GroupCategoriesTests {
    static func setCategories(_ names: [String], ifMatch: Int64? = nil) -> String {
        let list = names.map { "\"\($0)\"" }.joined(separator: ",")
        let condition = ifMatch.map { #","ifMatch":\#($0)"# } ?? ""
        return #"{"opId":"\#(API.newID())","type":"setCategories"\#(condition),"data":{"names":[\#(list)]}}"#
    }

    static func expense(_ category: String, payer: String, owes: String) -> String {
        #"{"opId":"\#(API.newID())","type":"createExpense","data":{"id":"\#(API.newID())","description":"Rent","amount":900,"currency":"EUR","category":"\#(category)","paidByMemberId":"\#(payer)","expenseDate":"2025-01-01","splits":[{"memberId":"\#(owes)","amount":900}]}}"#
    }

    @Test("an expense names a category of its group's list only; the list keeps Other and every category in use; a stale list is a conflict")
    func list() async throws {
        try await ServerHarness.run { api in
            let (token, group, m) = try await api.trip(["Alex", "Bea"])
            let early = try await api.sync(token, group: group, ops: [Self.expense("Rent", payer: m["Alex"]!, owes: m["Bea"]!)])
            let refused = try #require(try early.decode(Components.Schemas.SyncResponse.self).results.first)
            #expect(refused.status == .rejected && refused.error?.contains("ops[0].data.category 'Rent' is not one of") == true,
                    "\(refused)")

            let names = ["Meal", "Transport", "Tickets", "Shopping", "Hotel", "Other", "Rent"]
            let set = try await api.sync(token, group: group, ops: [
                Self.setCategories(names, ifMatch: 0), Self.expense("Rent", payer: m["Alex"]!, owes: m["Bea"]!),
            ])
            let answer = try set.decode(Components.Schemas.SyncResponse.self)
            #expect(answer.results.map(\.status) == [.applied, .applied], "\(answer.results)")
            #expect(answer.changes.categories?.names == names)
            #expect(answer.changes.expenses.first?.category == "Rent")

            let bad = try await api.sync(token, group: group, ops: [
                Self.setCategories(["Meal", "Rent"]), Self.setCategories(names.dropLast().map { $0 }),
                Self.setCategories(names + ["rent"]), Self.setCategories(names, ifMatch: 0),
            ])
            let results = try bad.decode(Components.Schemas.SyncResponse.self).results
            #expect(results.map(\.status) == [.rejected, .rejected, .rejected, .conflict], "\(results)")
            #expect(results[0].error?.contains("Other") == true && results[1].error?.contains("'Rent'") == true, "\(results)")
            #expect(results[3].current?.categories?.names == names)
            let feed = try await api.changes(token, group: group)
            #expect(feed.categories?.names == names)

            // A name as long as split allows one (100 characters) is held whole.
            let long = String(repeating: "Groceries", count: 11) + "!"
            let longer = try await api.sync(token, group: group, since: feed.revision, ops: [
                Self.setCategories(names + [long]), Self.expense(long, payer: m["Alex"]!, owes: m["Bea"]!),
            ])
            let stored = try longer.decode(Components.Schemas.SyncResponse.self)
            #expect(stored.results.map(\.status) == [.applied, .applied], "\(stored.results)")
            #expect(stored.changes.expenses.first?.category == long)
        }
    }
}
