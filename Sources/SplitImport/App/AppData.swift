import SplitCore

/// The iOS app's data as its two storage forms (SQLite and the older JSON) hold it, before
/// it becomes trips: global members, expenses with float amounts, events, and the settlement
/// payments and paid marks it keeps as JSON blobs.
///
/// Both readers fill this and ``AppPlanBuilder`` turns it into an ``ImportPlan``, so the rules
/// (float repair, `payer_earned`, payments) live in one place. Each item keeps a `location`
/// for error messages.
struct AppData {
    struct Member {
        var id: String
        var name: String
        var location: String
    }

    struct Split {
        var member: String
        var amount: Double
    }

    struct Expense {
        var id: String
        var description: String
        var amount: Double
        var currency: String
        var category: String?
        var paidBy: String
        var date: CivilDate
        var createdAt: Timestamp?
        var payerEarned: Double?
        var eventID: String?
        var splits: [Split]
        var location: String
    }

    struct Event {
        var id: String
        var name: String
        /// Members in the event's own order: the `members` objects, then `member_ids`, then
        /// former members, without repeats.
        var members: [Member]
        var memberIDs: [String]
        var mainCurrency: String?
        var subCurrency: String?
        var subCurrencyRate: Double?
        var location: String
    }

    struct Payment {
        var id: String
        var debtor: String
        var creditor: String
        var amount: Double
        var note: String?
        var date: CivilDate
        var amountReceived: Double?
        var changeGivenBack: Double?
        var amountTreatedByMe: Double?
        var forExpenses: [String]
        var location: String
    }

    struct PaidMark: Hashable {
        var debtor: String
        var creditor: String
        var expense: String
    }

    /// True when read from the database: locations then name columns, not JSON fields.
    var fromTable = false

    /// Where a field of an item is, in the words of its source: `expenses row id=x1, column
    /// payer_earned` or `BudgetSplitter_expenses[3].payerEarned`.
    func field(_ location: String, json: String, column: String) -> String {
        fromTable ? "\(location), column \(column)" : "\(location).\(json)"
    }

    var members: [Member] = []
    var expenses: [Expense] = []
    var events: [Event] = []
    var payments: [Payment] = []
    var paidMarks: [PaidMark] = []
}
