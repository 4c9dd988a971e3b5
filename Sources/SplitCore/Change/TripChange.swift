/// One change to a trip, as a value.
///
/// A command, undo, a pulled server item, an import and a rekey all describe what they change
/// with these cases and hand them to the store's one writer (`TripWriter` in SplitStore), which
/// checks, writes the rows, queues the change for the server and logs it, as the change's
/// origin asks. So a new kind of change has one home: a case here and its branch there.
public enum TripChange: Hashable, Sendable {
    /// A new trip (the writer's trip id) with this name and home currency.
    case createTrip(name: String, currency: Currency)
    case renameTrip(String)
    /// Sets or, with nil, removes the rate of a currency into the trip's own.
    case setRate(Currency, ExchangeRate?)
    case addMembers([Member])
    case renameMember(MemberID, to: String)
    case removeMember(MemberID)
    /// Brings a removed member back (undo of a removal).
    case restoreMember(MemberID)
    /// The member moves out from this day on (`member leave`), or with nil comes back
    /// (`member return`): kept with the member, read by every default split.
    case setDeparture(MemberID, from: CivilDate?)
    /// A category of the trip's own, added at the end of its list, or at `position` (1-based:
    /// undo of a removal puts it back where it was).
    case addCategory(String, position: Int? = nil)
    /// Renames a category, and every expense that names it, in one change.
    case renameCategory(from: String, to: String)
    /// Removes a category no live expense names.
    case removeCategory(String)
    case addExpenses([Expense])
    /// Replaces the expense with this id by this version.
    case editExpense(Expense)
    case deleteExpense(ExpenseID)
    /// Brings a deleted expense back (undo of a delete).
    case restoreExpense(ExpenseID)
    case setSharePaid(expense: ExpenseID, member: MemberID, paid: Bool)
    /// Payments recorded as one change (one `pay`, or the transfers of `settle --record`).
    case addPayments([Payment])
    /// Replaces the payment with this id by this version.
    case editPayment(Payment)
    case deletePayment(PaymentID)
    /// Brings a deleted payment back (undo of a delete or an edit).
    case restorePayment(PaymentID)
    /// One `settle --record --in` step as one change: the currency exchanges that carry every
    /// other currency's balances into one, then the plan's payments in it.
    case settleInOne(exchanges: [CurrencyExchange], payments: [Payment])
    /// Removes currency exchanges (undo of a settle step; they are never edited or deleted alone).
    case removeExchanges([ExchangeID])
    /// Who you are in the trip on this device, or nobody: not logged, not undoable, and sent
    /// to split-server as a claim rather than through the outbox.
    case setMe(MemberID?)
    /// Makes one synced item `value`, or deletes it when `value` is nil: what a pulled server
    /// item, a merge and a resolution write. `createdAt` is the server's creation time.
    case put(SyncItemKey, SyncValue?, createdAt: Timestamp?)
}
