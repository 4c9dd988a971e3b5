/// Field-level three-way merge of one item changed both here and on the server.
///
/// Each field group is decided on its own, from the base (what the server had when the local
/// change was made), mine (the local version) and theirs (the server's version now):
/// unchanged on one side takes the other side; changed the same way on both is no conflict;
/// changed differently on both is a conflict, and the merged value keeps theirs, so the trip
/// shows what everyone else sees until the person resolves it.
///
/// An expense's groups are ``ExpenseField``: description, amount with its splits and its split
/// as given (items too), category, date, payers, note, and each member's paid flag. A paid
/// flag cannot conflict: a flag changed on both sides was changed to the same value.
public enum SyncMerge {
    /// The merged expense and the field groups that conflict. Without a base (the item was
    /// new here), every difference is a conflict.
    public static func expense(base: Expense?, mine: Expense, theirs: Expense) -> (merged: Expense, conflicts: [ExpenseField]) {
        var conflicts: [ExpenseField] = []
        func pick<Value: Equatable>(_ field: ExpenseField, _ read: (Expense) -> Value) -> Value {
            let (value, clash) = decide(base.map(read), read(mine), read(theirs))
            if clash { conflicts.append(field) }
            return value
        }
        var merged = theirs
        merged.description = pick(.description, \.description)
        var shape = pick(.amount, AmountShape.init)
        merged.category = pick(.category, \.category)
        merged.date = pick(.date, \.date)
        let payers = pick(.payer, PayerShape.init)
        merged.note = pick(.note, \.note)
        merged.amount = shape.amount
        merged.splitGiven = shape.given
        // The chosen side's own list, as it was ordered.
        if payers != PayerShape(theirs) {
            if case .solo(let member) = payers { merged.setSolePayer(member) } else { merged.payers = mine.payers }
        }
        if (try? PayerAllocator.check(merged.payers, amount: merged.amount)) == nil {
            // Several payers' parts from one side, an amount from the other: they no longer
            // add up, so both groups clash and keep theirs.
            for field in [ExpenseField.amount, .payer] where !conflicts.contains(field) { conflicts.append(field) }
            shape = AmountShape(theirs)
            merged.amount = theirs.amount
            merged.splitGiven = theirs.splitGiven
            merged.payers = theirs.payers
        }
        merged.splits = shape.shares.map { share in
            func flag(_ expense: Expense?) -> Bool? { expense?.splits.first { $0.memberID == share.member }?.isPaid }
            let mineFlag = flag(mine), theirsFlag = flag(theirs)
            let paid: Bool
            switch (mineFlag, theirsFlag) {
            case (let mine?, let theirs?): paid = decide(flag(base), mine, theirs).value
            case (let mine?, nil): paid = mine
            case (nil, let theirs?): paid = theirs
            case (nil, nil): paid = false
            }
            return ExpenseSplit(memberID: share.member, amount: share.amount, isPaid: paid)
        }
        return (merged, conflicts)
    }

    /// A member's name: the only field a member has.
    public static func memberName(base: String?, mine: String, theirs: String) -> (merged: String, conflict: Bool) {
        let (value, clash) = decide(base, mine, theirs)
        return (value, clash)
    }

    /// Any single-valued field (a rate, the trip's name).
    public static func value<Value: Equatable>(base: Value?, mine: Value, theirs: Value) -> (merged: Value, conflict: Bool) {
        let (value, clash) = decide(base, mine, theirs)
        return (value, clash)
    }

    private static func decide<Value: Equatable>(_ base: Value?, _ mine: Value, _ theirs: Value) -> (value: Value, clash: Bool) {
        if mine == theirs { return (mine, false) }
        if let base {
            if mine == base { return (theirs, false) }
            if theirs == base { return (mine, false) }
        }
        return (theirs, true)
    }

    /// Who paid: one member, whatever the amount (so a new amount and a new payer merge), or
    /// several with their parts, in member-id order.
    private enum PayerShape: Equatable {
        case solo(MemberID)
        case several([ExpensePayer])

        init(_ expense: Expense) {
            if let solo = expense.soloPayer {
                self = .solo(solo)
            } else {
                self = .several(expense.payers.sorted { $0.memberID < $1.memberID })
            }
        }
    }

    /// The amount with who shares it and how much, and how that split was given: one field
    /// group, since the shares must sum to the amount and the split as given must give them.
    private struct AmountShape: Equatable {
        struct Share: Equatable {
            let member: MemberID
            let amount: Int64
        }

        let amount: Money
        let shares: [Share]
        let given: SplitRule?

        init(_ expense: Expense) {
            amount = expense.amount
            given = expense.splitGiven
            shares = expense.splits.map { Share(member: $0.memberID, amount: $0.amount) }.sorted { $0.member < $1.member }
        }
    }
}
