/// A payment as an expense, for a server that cannot store payments (the Node server).
///
/// "Bea paid Alex 3000" becomes the expense "Payment: Bea → Alex" of 3000, category Other,
/// paid by Bea and owed 100% by Alex, dated like the payment. Balances are the same: the
/// payment adds 3000 to Bea's payments made and to Alex's payments received; the expense adds
/// 3000 to what Bea paid for others and to Alex's share.
public enum PaymentAsExpense {
    public static func expense(_ payment: Payment, names: [MemberID: String]) -> Expense {
        let from = names[payment.from] ?? payment.from.short, to = names[payment.to] ?? payment.to.short
        return Expense(
            id: ExpenseID(payment.id.rawValue), description: "Payment: \(from) → \(to)", amount: payment.amount,
            category: .other, paidBy: payment.from, date: payment.date,
            splits: [ExpenseSplit(memberID: payment.to, amount: payment.amount.minorUnits)])
    }

    /// The payment an expense of that form stands for, or nil for any other expense: the
    /// description names the payer and the one sharer, who owes all of it, in category Other.
    public static func payment(_ expense: Expense, names: [MemberID: String]) -> Payment? {
        guard expense.category == .other, expense.splits.count == 1, let share = expense.splits.first,
              let payer = expense.soloPayer, share.memberID != payer, share.amount == expense.amount.minorUnits,
              let from = names[payer], let to = names[share.memberID],
              expense.description == "Payment: \(from) → \(to)" else { return nil }
        return Payment(id: PaymentID(expense.id.rawValue), from: payer, to: share.memberID, amount: expense.amount,
                       date: expense.date)
    }
}
