import GRDB
import SplitCore

extension TripWriter {
    /// Copies an expense under the server's id and removes the local one, keeping its creation
    /// time: the balance triggers see one add and one removal.
    func moveExpense(_ expense: Expense, to id: ExpenseID) throws {
        let row = ExpenseRecord.withID(expense.id)
        let created = try row.select(ExpenseRecord.Columns.createdAt, as: String.self).fetchOne(db)
        let copy = Expense(id: id, description: expense.description, amount: expense.amount, category: expense.category,
                           payers: expense.payers, date: expense.date, note: expense.note, splits: expense.splits,
                           splitGiven: expense.splitGiven)
        try insertExpense(copy, createdAt: created.flatMap { Timestamp(iso8601: $0) })
        try ExpenseSplitRecord.of(expense.id).deleteAll(db)
        try row.deleteAll(db)
    }

    /// Copies a payment under the server's id and removes the local one, keeping its creation time.
    func movePayment(_ payment: Payment, to id: PaymentID) throws {
        let row = PaymentRecord.withID(payment.id)
        let created = try row.select(PaymentRecord.Columns.createdAt, as: String.self).fetchOne(db)
        try row.deleteAll(db)
        let copy = Payment(id: id, from: payment.from, to: payment.to, amount: payment.amount, date: payment.date,
                           note: payment.note)
        try put(.payment(id), .payment(copy), createdAt: created.flatMap { Timestamp(iso8601: $0) })
    }
}
