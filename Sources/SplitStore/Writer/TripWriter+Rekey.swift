import GRDB
import SplitCore

extension TripWriter {
    /// Copies an expense under the server's id and removes the local one, keeping its creation
    /// time: the balance triggers see one add and one removal.
    func moveExpense(_ expense: Expense, to id: ExpenseID) throws {
        let created = try String.fetchOne(db, sql: "SELECT created_at FROM expense WHERE id = ?", arguments: [expense.id.rawValue])
        let copy = Expense(id: id, description: expense.description, amount: expense.amount, category: expense.category,
                           payers: expense.payers, date: expense.date, note: expense.note, splits: expense.splits)
        try insertExpense(copy, createdAt: created.flatMap { Timestamp(iso8601: $0) })
        try db.execute(sql: "DELETE FROM expense_split WHERE expense_id = ?", arguments: [expense.id.rawValue])
        try db.execute(sql: "DELETE FROM expense WHERE id = ?", arguments: [expense.id.rawValue])
    }

    /// Copies a payment under the server's id and removes the local one, keeping its creation time.
    func movePayment(_ payment: Payment, to id: PaymentID) throws {
        let created = try String.fetchOne(db, sql: "SELECT created_at FROM payment WHERE id = ?", arguments: [payment.id.rawValue])
        try db.execute(sql: "DELETE FROM payment WHERE id = ?", arguments: [payment.id.rawValue])
        let copy = Payment(id: id, from: payment.from, to: payment.to, amount: payment.amount, date: payment.date,
                           note: payment.note)
        try put(.payment(id), .payment(copy), createdAt: created.flatMap { Timestamp(iso8601: $0) })
    }
}
