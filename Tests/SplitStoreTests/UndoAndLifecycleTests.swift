import Foundation
import Testing
import SplitCore
@testable import SplitStore

@Suite("Undo, removal and deletion")
struct UndoAndLifecycleTests {
    @Test func undoRevertsEachKindOfChangeNewestFirst() async throws {
        var fixture = try StoreFixture()
        let backend = fixture.backend
        let (trip, members) = try await fixture.trip(["Alex", "Bea", "Chen"])
        let expense = try StoreFixture.expense(3000, paidBy: members[0], among: members)
        try await backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
        var edited = expense
        edited.description = "Edited"
        try await backend.replaceExpense(edited, trip: trip.id, at: fixture.tick())
        try await backend.setSharePaid(expense: expense.id, member: members[1].id, paid: true, trip: trip.id, at: fixture.tick())
        try await backend.renameMember(members[2].id, to: "Chenny", trip: trip.id, at: fixture.tick())
        try await backend.setRate(trip: trip.id, currency: try Currency(code: "USD"), rate: try ExchangeRate(parsing: "150"),
                                  at: fixture.tick())

        #expect(try await backend.undo(trip: trip.id, at: fixture.tick()).action == "rate.set")
        #expect(try await backend.rates(trip: trip.id).isEmpty)
        #expect(try await backend.undo(trip: trip.id, at: fixture.tick()).action == "member.rename")
        #expect(try await backend.members(trip: trip.id).map(\.name) == ["Alex", "Bea", "Chen"])
        #expect(try await backend.undo(trip: trip.id, at: fixture.tick()).action == "share.paid")
        #expect(try await backend.expense(matching: expense.id.rawValue, trip: trip.id).splits.allSatisfy { !$0.isPaid })
        #expect(try await backend.undo(trip: trip.id, at: fixture.tick()).action == "expense.edit")
        #expect(try await backend.expense(matching: expense.id.rawValue, trip: trip.id).description == expense.description)
        #expect(try await backend.undo(trip: trip.id, at: fixture.tick()).action == "expense.add")
        #expect(try await backend.expenses(trip: trip.id, filter: .all).isEmpty)
        #expect(try await backend.balances(trip: trip.id).isEmpty)
        #expect(try await backend.undo(trip: trip.id, at: fixture.tick()).action == "member.add")
        #expect(try await backend.members(trip: trip.id).isEmpty)
        await #expect(throws: StoreError.self) { try await backend.undo(trip: trip.id, at: fixture.tick()) }
        let log = try await backend.activity(trip: trip.id, limit: 100)
        #expect(log.filter { $0.undoneAt != nil }.count == 6)
    }

    @Test func memberInUseCannotBeRemovedButUnusedCanAndUndoRestores() async throws {
        var fixture = try StoreFixture()
        let backend = fixture.backend
        let (trip, members) = try await fixture.trip(["Alex", "Bea", "Chen"])
        try await backend.addExpenses([try StoreFixture.expense(1000, paidBy: members[0], among: Array(members.prefix(2)))],
                                      trip: trip.id, at: fixture.tick())
        await #expect(throws: StoreError.memberInUse(name: "Bea", expenses: 1, payments: 0)) {
            try await backend.removeMember(members[1].id, trip: trip.id, at: fixture.tick())
        }
        try await backend.removeMember(members[2].id, trip: trip.id, at: fixture.tick())
        #expect(try await backend.members(trip: trip.id).map(\.name) == ["Alex", "Bea"])
        // The name is free again while removed...
        _ = try await backend.undo(trip: trip.id, at: fixture.tick())
        #expect(try await backend.members(trip: trip.id).map(\.name) == ["Alex", "Bea", "Chen"])
    }

    @Test func duplicateNamesAreRefusedCaseInsensitively() async throws {
        var fixture = try StoreFixture()
        let (trip, _) = try await fixture.trip(["Alex"])
        await #expect(throws: StoreError.duplicateMemberName("ALEX")) {
            try await fixture.backend.addMembers([Member(id: MemberID(StoreFixture.id()), name: "ALEX")], trip: trip.id,
                                                 at: Timestamp(millisecondsSince1970: 0))
        }
        await #expect(throws: StoreError.duplicateTripName(trip.name.uppercased())) {
            try await fixture.backend.createTrip(
                Trip(id: TripID(StoreFixture.id()), name: trip.name.uppercased(), currency: trip.currency),
                at: Timestamp(millisecondsSince1970: 0))
        }
    }

    @Test func invalidExpenseIsRefusedAndNothingIsWritten() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let good = try StoreFixture.expense(1000, paidBy: members[0], among: members)
        var bad = try StoreFixture.expense(1000, paidBy: members[0], among: members)
        bad.splits[0].amount += 1
        await #expect(throws: SplitError.self) {
            try await fixture.backend.addExpenses([good, bad], trip: trip.id, at: fixture.tick())
        }
        var stranger = try StoreFixture.expense(1000, paidBy: members[0], among: members)
        stranger.setSolePayer(MemberID(StoreFixture.id()))
        await #expect(throws: MembershipError.self) {
            try await fixture.backend.addExpenses([good, stranger], trip: trip.id, at: fixture.tick())
        }
        #expect(try await fixture.backend.expenses(trip: trip.id, filter: .all).isEmpty)
        #expect(try await fixture.backend.activity(trip: trip.id, limit: 10).map(\.action) == ["member.add", "trip.create"])
    }

    @Test func deletingATripRemovesEverythingInIt() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip()
        let (other, otherMembers) = try await fixture.trip(["Zed", "Yan"])
        try await fixture.backend.addExpenses([try StoreFixture.expense(500, paidBy: members[0], among: members)],
                                              trip: trip.id, at: fixture.tick())
        try await fixture.backend.addExpenses([try StoreFixture.expense(700, paidBy: otherMembers[0], among: otherMembers)],
                                              trip: other.id, at: fixture.tick())
        try await fixture.backend.setCurrentTrip(trip.id)
        try await fixture.backend.deleteTrip(trip.id)
        #expect(try await fixture.backend.trips().map(\.trip.id) == [other.id])
        #expect(try await fixture.backend.currentTrip() == nil)
        #expect(try await fixture.backend.balances(trip: other.id).first?.balances.count == 2)
        let leftovers = try fixture.backend.database.read { db in
            try Int.fetchOne(db, sql: """
                SELECT (SELECT COUNT(*) FROM member WHERE trip_id = ?) + (SELECT COUNT(*) FROM expense WHERE trip_id = ?)
                     + (SELECT COUNT(*) FROM balance_total WHERE trip_id = ?) + (SELECT COUNT(*) FROM activity WHERE trip_id = ?)
                """, arguments: [trip.id.rawValue, trip.id.rawValue, trip.id.rawValue, trip.id.rawValue])
        }
        #expect(leftovers == 0)
    }

    @Test func expenseIDPrefixesResolveLikeGit() async throws {
        var fixture = try StoreFixture()
        let (trip, members) = try await fixture.trip(["Alex", "Bea"])
        let expense = try StoreFixture.expense(1000, paidBy: members[0], among: members)
        try await fixture.backend.addExpenses([expense], trip: trip.id, at: fixture.tick())
        let found = try await fixture.backend.expense(matching: String(expense.id.rawValue.prefix(6)).uppercased(), trip: trip.id)
        #expect(found.id == expense.id)
        await #expect(throws: StoreError.self) { try await fixture.backend.expense(matching: "abc", trip: trip.id) }
        await #expect(throws: StoreError.self) { try await fixture.backend.expense(matching: "zzzzzzzz", trip: trip.id) }
    }
}
