import PropertyBased
import Testing
@testable import SplitCore

/// The sync planner, in-process like settlement: no store, no server, no binary.
@Suite struct SyncPlannerTests {
    static let members = (0..<4).map(member)

    /// A random expense from small value sets, so that two draws often share fields.
    static func expense(_ rng: inout SplitMix64, id: String = "e1") -> Expense {
        let amount = Int64([300, 600, 900].randomElement(using: &rng)!)
        let sharers = Array(members.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng))).sorted()
        var splits = sharers.map { ExpenseSplit(memberID: $0, amount: amount / Int64(sharers.count)) }
        splits[0].amount += amount - splits.reduce(0) { $0 + $1.amount }
        for index in splits.indices { splits[index].isPaid = Bool.random(using: &rng) }
        var expense = Expense(id: ExpenseID(id), description: ["Taxi", "Lunch"].randomElement(using: &rng)!,
                              amount: Money(minorUnits: amount, currency: jpy), category: [.meal, .other].randomElement(using: &rng)!,
                              paidBy: members.randomElement(using: &rng)!, date: someDate,
                              note: [nil, "n"].randomElement(using: &rng)!, splits: splits)
        if Bool.random(using: &rng) {
            // Two payers, in halves or thirds: the payer group then carries amounts.
            let pair = Array(members.shuffled(using: &rng).prefix(2))
            let first = Bool.random(using: &rng) ? amount / 2 : amount / 3
            expense.payers = [ExpensePayer(memberID: pair[0], amount: first), ExpensePayer(memberID: pair[1], amount: amount - first)]
        }
        return expense
    }

    /// The payer group as the merge compares it: one member, or several with their parts.
    static func payerShape(_ expense: Expense) -> [String] {
        if let solo = expense.soloPayer { return [solo.rawValue] }
        return expense.payers.map { "\($0.memberID.rawValue)=\($0.amount)" }.sorted()
    }

    /// The expense with its payers in member-id order: two lists of the same payers in other
    /// orders are one payer group (the wire, the merge and the fingerprint all sort them).
    static func inPayerOrder(_ expense: Expense) -> Expense {
        var sorted = expense
        sorted.payers.sort { $0.memberID < $1.memberID }
        return sorted
    }

    static func inPayerOrder(_ operation: SyncOperation?) -> SyncOperation? {
        guard case .updateExpense(let expense)? = operation else { return operation }
        return .updateExpense(inPayerOrder(expense))
    }

    static let item = RemoteItem(key: .expense(ExpenseID("e1")), revision: 5,
                                 value: .expense(Expense(id: ExpenseID("e1"), description: "Taxi",
                                                         amount: Money(minorUnits: 100, currency: jpy), paidBy: member(0),
                                                         date: someDate, splits: [ExpenseSplit(memberID: member(0), amount: 100)])))

    @Test("a pulled item: stale, waiting, held, an echo, or written")
    func pulled() {
        #expect(SyncPlanner.pulled(Self.item, heldRevision: 5, waiting: false, local: nil) == .skip)
        #expect(SyncPlanner.pulled(Self.item, heldRevision: 9, waiting: true, local: nil) == .skip)
        #expect(SyncPlanner.pulled(Self.item, heldRevision: 4, waiting: true, local: nil) == .keepLocal)
        let held = Self.item.holding("a share belongs to member m0000000, who is not in this trip", body: "{}")
        #expect(SyncPlanner.pulled(held, heldRevision: nil, waiting: false, local: Self.item.value) == .hold)
        #expect(SyncPlanner.pulled(held, heldRevision: nil, waiting: true, local: nil) == .keepLocal)
        guard case .expense(var stamped)? = Self.item.value else { return }
        stamped.createdAt = Timestamp(millisecondsSince1970: 5)
        #expect(SyncPlanner.pulled(Self.item, heldRevision: 1, waiting: false, local: .expense(stamped)) == .echo)
        stamped.description = "Bus"
        #expect(SyncPlanner.pulled(Self.item, heldRevision: 1, waiting: false, local: .expense(stamped)) == .write(Self.item.value))
        let tombstone = RemoteItem(key: Self.item.key, revision: 6, value: nil)
        #expect(SyncPlanner.pulled(tombstone, heldRevision: 5, waiting: false, local: nil) == .write(nil))
    }

    @Test("a held server version: the item leaves the trip, mine is kept as a conflict to resend")
    func heldTrouble() {
        let held = Self.item.holding("shares sum to more than the amount", body: "{}")
        let mine = Self.item.value
        let plan = SyncPlanner.settle(SyncTrouble(operation: .deleteExpense(ExpenseID("e1")), base: nil, mine: mine, current: held))
        #expect(plan == Settlement(write: nil, holds: true,
                                   conflicts: [PlannedConflict(field: "held", mine: mine, theirs: nil,
                                                               detail: "shares sum to more than the amount")]))
        let gone = SyncPlanner.settle(SyncTrouble(operation: .deleteExpense(ExpenseID("e1")), base: nil, mine: nil, current: held))
        #expect(gone == Settlement(write: nil, holds: true))
    }

    @Test("a refusal: a removal of what is gone is done; anything else is a conflict with the reason")
    func refusals() {
        let removal = SyncTrouble(operation: .deleteExpense(ExpenseID("e1")), base: nil, mine: nil, rejection: "gone")
        #expect(SyncPlanner.settle(removal) == Settlement(write: nil))
        let edit = SyncTrouble(operation: .updateExpense(Self.expenseValue), base: nil, mine: Self.item.value,
                               known: Self.item.value, rejection: "no such member")
        #expect(SyncPlanner.settle(edit).conflicts.map(\.field) == ["rejected"])
        #expect(SyncPlanner.settle(edit).conflicts.first?.detail == "no such member")
        #expect(SyncPlanner.settle(edit).write == Self.item.value)
    }

    static var expenseValue: Expense {
        guard case .expense(let expense)? = item.value else { fatalError("the fixture is an expense") }
        return expense
    }

    /// Random base, mine and theirs: the merge takes each field from a side that changed it,
    /// conflicts exactly where both changed it differently (and shows theirs there), resends
    /// only a merge that differs from theirs, and an unchanged side never conflicts.
    @Test func mergeTakesEachSidesChanges() async {
        await propertyCheck(count: 400, input: Gen.uint64()) { seed in
            var rng = SplitMix64(seed: seed)
            let base = Self.expense(&rng)
            let mine = Bool.random(using: &rng) ? base : Self.expense(&rng)
            let theirs = Bool.random(using: &rng) ? base : Self.expense(&rng)
            let trouble = SyncTrouble(operation: .updateExpense(mine), base: .expense(base), mine: .expense(mine),
                                      current: RemoteItem(key: .expense(mine.id), revision: 2, value: .expense(theirs)))
            let plan = SyncPlanner.settle(trouble)
            guard case .expense(let merged)? = plan.write else {
                Issue.record("no merged expense: \(plan)")
                return
            }
            if mine == base { #expect(merged == theirs && plan.conflicts.isEmpty && plan.resend == nil) }
            if theirs == base {
                // Mine wins whole, up to the order of its payers, which means nothing: the merge
                // keeps theirs' list when mine lists the same payers in another order.
                #expect(Self.inPayerOrder(merged) == Self.inPayerOrder(mine) && plan.conflicts.isEmpty)
                let sameAsTheirs = Self.inPayerOrder(mine) == Self.inPayerOrder(theirs)
                #expect(Self.inPayerOrder(plan.resend) == (sameAsTheirs ? nil : .updateExpense(Self.inPayerOrder(mine))))
            }
            func check<Value: Equatable>(_ field: String, _ read: (Expense) -> Value) {
                let clash = read(mine) != read(base) && read(theirs) != read(base) && read(mine) != read(theirs)
                #expect(plan.conflicts.contains { $0.field == field } == clash, "\(field)")
                if clash { #expect(read(merged) == read(theirs), "\(field)") }
                #expect(read(merged) == read(mine) || read(merged) == read(theirs), "\(field)")
            }
            check("description", \.description)
            check("category", \.category)
            check("note", \.note)
            // Payers and amount merge on their own unless several payers' parts from one side
            // meet an amount from the other: then both clash and show theirs.
            let clashes = Set(plan.conflicts.map(\.field))
            func changed<Value: Equatable>(_ read: (Expense) -> Value) -> (Bool, Bool) {
                (read(mine) != read(base), read(theirs) != read(base))
            }
            let payerClash = changed(Self.payerShape) == (true, true) && Self.payerShape(mine) != Self.payerShape(theirs)
            if clashes.contains("payer") && !payerClash {
                #expect(clashes.contains("amount"))
                #expect(merged.payers == theirs.payers && merged.amount == theirs.amount)
            } else {
                check("payer", Self.payerShape)
            }
            try merged.validate()
            #expect((plan.resend != nil) == (merged != theirs))
        }
    }

    @Test("an edit against a delete, either way round: the server's side shows, one conflict")
    func editAgainstDelete() {
        let theirsDeleted = SyncTrouble(operation: .updateExpense(Self.expenseValue), base: Self.item.value, mine: Self.item.value,
                                        current: RemoteItem(key: Self.item.key, revision: 3, value: nil))
        #expect(SyncPlanner.settle(theirsDeleted) == Settlement(write: nil, conflicts: [
            PlannedConflict(field: "deleted", mine: Self.item.value, theirs: nil)]))
        let mineDeleted = SyncTrouble(operation: .deleteExpense(ExpenseID("e1")), base: Self.item.value, mine: nil,
                                      current: Self.item)
        #expect(SyncPlanner.settle(mineDeleted).write == Self.item.value)
        #expect(SyncPlanner.settle(mineDeleted).conflicts.map(\.field) == ["deleted"])
    }

    @Test("a create that meets its id on the server, deleted or changed (the same recurring instance made elsewhere): the server's version stands, no conflict")
    func createMeetsItsID() {
        var mine = Self.expenseValue
        mine.amount = Money(minorUnits: 200, currency: jpy)
        mine.splits = [ExpenseSplit(memberID: member(0), amount: 200)]
        let edited = SyncTrouble(operation: .createExpense(mine), base: nil, mine: .expense(mine), current: Self.item)
        #expect(SyncPlanner.settle(edited) == Settlement(write: Self.item.value))
        let tombstone = RemoteItem(key: Self.item.key, revision: 6, value: nil)
        let deleted = SyncTrouble(operation: .createExpense(mine), base: nil, mine: .expense(mine), current: tombstone)
        #expect(SyncPlanner.settle(deleted) == Settlement(write: nil))
    }

    @Test("category lists merge as sets: the server's, with what this device added and without what it removed")
    func categoryLists() {
        let base: [Category] = Category.defaults + [Category(rawValue: "Rent")]
        let mine = Category.defaults + [Category(rawValue: "Housing")]
        let theirs = base + [Category(rawValue: "Utilities")]
        let (merged, conflicts) = SyncPlanner.merge(base: .categories(base), mine: .categories(mine), theirs: .categories(theirs))
        #expect(merged == .categories(Category.defaults + [Category(rawValue: "Utilities"), Category(rawValue: "Housing")]))
        #expect(conflicts.isEmpty)
    }
}
