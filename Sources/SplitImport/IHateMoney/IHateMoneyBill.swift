/// One row of ihatemoney's `bills.json` or `bills.csv`, as text, before any of it is trusted.
///
/// ihatemoney 7.2.1 writes, per bill: `what`, `bill_type` (`Expense` or `Reimbursement`),
/// `amount` (a float in major units, rounded to 2 decimals), `currency` (`XXX` for a project
/// without one), `date` (`YYYY-MM-DD`), `payer_name`, `payer_weight` (the payer's weight, a
/// float) and `owers` (names; one field joined with `", "` in the CSV). Only payers' weights are
/// in the file. Its own import defaults a missing `bill_type` to Expense and a missing currency
/// to the project's, so those two may be absent here too.
struct IHateMoneyBill {
    /// Where the row is, for messages: `bills[3]` or `line 4`.
    var location: String
    var what: String
    var billType: String?
    /// The amount's text exactly as written (a JSON number literal or a CSV field).
    var amount: String
    var currency: String?
    var date: String
    var payerName: String
    var payerWeight: String
    var owers: [String]
}
