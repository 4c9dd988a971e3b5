import SplitCore
import SplitJSON

/// What reverting one activity-log entry does, stored as JSON beside the entry (see
/// `UndoAction+JSON.swift` for the format).
///
/// Each change records its own inverse when it is made, so `undo` needs no diffing and works
/// the same for every kind of change.
enum UndoAction: Equatable {
    /// The change cannot be undone (creating a trip).
    case none
    /// Undo of adding expenses: remove them entirely.
    case removeExpenses([String])
    /// Undo of an edit: put the previous version back, and remove the expenses the edit added
    /// (on a trip linked to the Node server, an edit to several payers adds one per payer).
    case restoreExpense(ExpenseSnapshot, removing: [String] = [])
    /// Undo of a delete: make the expense live again.
    case undeleteExpense(String)
    case setSharePaid(expense: String, member: String, paid: Bool)
    /// Undo of recording payments (one `pay`, or `settle --record`): remove them entirely.
    case removePayments([String])
    /// Undo of an edit: put the previous version back, and remove the payment the edit made
    /// on a linked trip (where an edit is a new payment).
    case restorePayment(PaymentSnapshot, removing: [String] = [])
    /// Undo of a delete: make the payment live again.
    case undeletePayment(String)
    /// Undo of a `settle --record --in` step: remove its payments and its currency exchanges.
    case removeSettleStep(exchanges: [String], payments: [String])
    /// Undo of adding members: remove them (nothing newer can reference them).
    case removeMembers([String])
    case renameMember(id: String, name: String)
    case restoreMember(String)
    /// Undo of `member leave` or `member return`: the departure day before, or none.
    case setDeparture(id: String, date: String?)
    case removeCategory(String)
    case renameCategory(from: String, to: String)
    /// Undo of removing a category: add it back where it was.
    case addCategory(String, position: Int?)
    /// Undo of setting a rate: restore the old one, or remove it when there was none.
    case setRate(currency: String, rate: String?)
    case renameTrip(name: String)
    /// Undo of adding a recurring rule: delete it.
    case removeRule(String)
    /// Undo of deleting a recurring rule: make it live again.
    case restoreRule(String)
    /// Undo of pausing or resuming a rule: its earlier state and progress.
    case setRuleProgress(id: String, paused: Bool, nextPeriod: Int)
    /// Undo of `recurring edit`: the rule as it was (its columns, ``RecurringRuleRecord/snapshot(_:)``),
    /// the next period the edit set (to tell whether a catch-up moved it since), the instances
    /// the edit made again as they were, and the parts it added (on a trip linked to the Node
    /// server, an instance with several payers is one expense per payer).
    case restoreRuleEdit(rule: JSONValue, editedNext: Int, expenses: [ExpenseSnapshot], removing: [String])
}

/// An expense as stored, for restoring after an edit.
///
/// `paidBy` names the lead payer (``SplitCore/Expense/leadPayer``); `payers` lists them all.
/// Entries written before several payers existed have only `paidBy`, who paid it all.
struct ExpenseSnapshot: Equatable {
    struct Share: Equatable {
        var member: String
        var amount: Int64
        var isPaid: Bool
    }

    struct Payer: Equatable {
        var member: String
        var amount: Int64
    }

    var id: String
    var description: String
    var amount: Int64
    var currency: String
    var category: String
    var paidBy: String
    var payers: [Payer]
    var date: String
    var note: String?
    var splits: [Share]
    /// How the split was given, to keep it again (nil: unknown).
    var splitRule: SplitRule?

    init(_ expense: Expense) {
        id = expense.id.rawValue
        description = expense.description
        amount = expense.amount.minorUnits
        currency = expense.amount.currency.code
        category = expense.category.rawValue
        paidBy = expense.leadPayer.rawValue
        payers = expense.payers.map { Payer(member: $0.memberID.rawValue, amount: $0.amount) }
        date = expense.date.description
        note = expense.note
        splits = expense.splits.map { Share(member: $0.memberID.rawValue, amount: $0.amount, isPaid: $0.isPaid) }
        splitRule = expense.splitGiven
    }

    func expense() throws -> Expense {
        // A category of the six, in any case as older entries wrote them, else the trip's own.
        let category = Category(name: category) ?? ((try? NameRules.category(category)).map(Category.init(rawValue:)))
        guard let category, let date = CivilDate(parsing: date) else {
            throw StoreError.cannotUndo("the saved version of expense \(id.prefix(8)) is unreadable")
        }
        return Expense(
            id: ExpenseID(id), description: description,
            amount: Money(minorUnits: amount, currency: try Currency(code: currency)),
            category: category,
            payers: payers.isEmpty ? [ExpensePayer(memberID: MemberID(paidBy), amount: amount)]
                : payers.map { ExpensePayer(memberID: MemberID($0.member), amount: $0.amount) },
            date: date, note: note,
            splits: splits.map { ExpenseSplit(memberID: MemberID($0.member), amount: $0.amount, isPaid: $0.isPaid) },
            splitGiven: splitRule)
    }
}

/// A payment as stored, for restoring after an edit.
struct PaymentSnapshot: Equatable {
    var id: String
    var from: String
    var to: String
    var amount: Int64
    var currency: String
    var date: String
    var note: String?

    init(_ payment: Payment) {
        id = payment.id.rawValue
        from = payment.from.rawValue
        to = payment.to.rawValue
        amount = payment.amount.minorUnits
        currency = payment.amount.currency.code
        date = payment.date.description
        note = payment.note
    }

    func payment() throws -> Payment {
        guard let date = CivilDate(parsing: date) else {
            throw StoreError.cannotUndo("the saved version of payment \(id.prefix(8)) is unreadable")
        }
        return Payment(id: PaymentID(id), from: MemberID(from), to: MemberID(to),
                       amount: Money(minorUnits: amount, currency: try Currency(code: currency)), date: date, note: note)
    }
}
