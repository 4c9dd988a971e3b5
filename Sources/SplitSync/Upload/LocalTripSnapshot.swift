import SplitCore
import SplitStore

/// One local trip as an upload sends it, read once at the start of the run.
///
/// Neither server has a place for an expense's note, so a note is appended to the
/// description (`Hotel — 2 nights`), and the report says how many were sent that way;
/// split-server keeps at most ``TextRules/textLimit`` characters of a description, so a longer
/// result is cut there.
public struct LocalTripSnapshot: Sendable {
    public let trip: Trip
    /// Live members, in name order.
    public let members: [Member]
    /// Live expenses with notes folded into descriptions (``Expense/note`` is always nil).
    public let expenses: [Expense]
    public let payments: [Payment]
    /// The expenses whose note was appended to the description.
    public let notedExpenses: Set<ExpenseID>
    /// The expenses as stored, notes apart: what a server with sync (which keeps notes) takes.
    public let storedExpenses: [Expense]

    public init(trip: Trip, members: [Member], expenses: [Expense], payments: [Payment]) {
        self.trip = trip
        self.members = members
        self.payments = payments
        self.storedExpenses = expenses
        var noted = Set<ExpenseID>()
        self.expenses = expenses.map { expense in
            guard let note = expense.note?.trimmingSpaces, !note.isEmpty else { return expense }
            noted.insert(expense.id)
            var copy = expense
            copy.note = nil
            copy.description = String((expense.description + " — " + note).prefix(TextRules.textLimit))
            return copy
        }
        notedExpenses = noted
    }

    /// Reads the trip from the local store in one read transaction.
    public static func load(from backend: LocalBackend, trip: Trip) async throws -> LocalTripSnapshot {
        let snapshot = try await backend.snapshot(trip: trip)
        return LocalTripSnapshot(trip: trip, members: snapshot.members, expenses: snapshot.expenses, payments: snapshot.payments)
    }

    /// Member names by local id.
    var names: [MemberID: String] {
        Dictionary(members.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// What the server will hold as expenses: every expense (as one expense per payer, by
    /// ``PayerParts``, when the server knows one payer per expense), then every payment
    /// written as an expense when the server has no payments.
    func expenseItems(paymentsAsExpenses: Bool, payersAsParts: Bool = false) -> [ExpenseItem] {
        var items: [ExpenseItem] = []
        for expense in expenses {
            guard payersAsParts, expense.soloPayer == nil else {
                items.append(ExpenseItem(kind: .expense, expense: expense))
                continue
            }
            for single in PayerParts.singlePayerExpenses(of: expense) {
                items.append(ExpenseItem(kind: .expense, expense: single,
                                         localID: PayerPartKey.make(expense.id, payer: single.payers[0].memberID)))
            }
        }
        if paymentsAsExpenses {
            let names = self.names
            items += payments.map { ExpenseItem(kind: .payment, expense: PaymentAsExpense.expense($0, names: names)) }
        }
        return items
    }
}
