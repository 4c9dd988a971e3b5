import Testing
@testable import SplitCore

/// ``TextFold``: case and accents folded away, typed precomposed or decomposed.
@Suite struct TextFoldTests {
    @Test("folds case and accents", arguments: [
        ("Café", "cafe"), ("CAFE\u{301}", "cafe"), ("Crème Brûlée", "creme brulee"), ("Øresund Łódź", "oresund lodz"),
        ("Straße", "straße"), ("İstanbul", "istanbul"), ("ramen 🍜", "ramen 🍜"), ("Taxi", "taxi"),
    ])
    func folds(text: String, folded: String) {
        #expect(TextFold.fold(text) == folded)
    }

    @Test("an edit's changes in words, only what differs, shares in name order")
    func changes() throws {
        let usd = try Currency(code: "USD")
        let ann = MemberID("ann"), ben = MemberID("ben")
        let old = Expense(id: ExpenseID("e"), description: "Taxi", amount: Money(minorUnits: 3000, currency: usd),
                          paidBy: ann, date: CivilDate(parsing: "2025-01-20")!,
                          splits: [ExpenseSplit(memberID: ann, amount: 1500), ExpenseSplit(memberID: ben, amount: 1500)])
        var new = old
        new.amount = Money(minorUnits: 3100, currency: usd)
        new.category = .hotel
        // Listed in name order whatever order the shares are stored in.
        new.splits = [ExpenseSplit(memberID: ben, amount: 1550), ExpenseSplit(memberID: ann, amount: 1550)]
        let names = ["ann": "Ann", "ben": "Ben"]
        #expect(ExpenseChanges.list(from: old, to: new) { names[$0.rawValue]! } == [
            "amount USD 30.00 → 31.00", "category Other → Hotel", "split Ann 15.00 → 15.50, Ben 15.00 → 15.50",
        ])
        #expect(ExpenseChanges.list(from: old, to: old) { names[$0.rawValue]! }.isEmpty)
    }
}
