import SplitAPI
import SplitCore

/// Checks made before anything is sent, because the Node server answers bad input with a 500
/// (or stores it: it never checks that splits add up or that members belong to the group).
///
/// Each failure is one line naming what is wrong and what is accepted.
public enum WireValidation {
    /// An expense the server will store exactly as given: valid splits (SplitCore's
    /// ``Expense/validate()``), payer and split members in `members`, a currency the server
    /// accepts, an amount below 10^10, and no note (neither server has a place for one).
    public static func expense(_ expense: Expense, members: Set<MemberID>, capabilities: ServerCapabilities)
        throws(CloudError) {
        do {
            try expense.validate()
        } catch {
            throw .invalid(error.description)
        }
        try currency(expense.amount.currency, capabilities: capabilities)
        guard WireAmount.fits(expense.amount.minorUnits, expense.amount.currency) else {
            throw .invalid("amount \(expense.amount) is too large for the cloud server; it accepts less than 10000000000")
        }
        guard expense.note == nil else {
            throw .invalid("the cloud server has no place for expense notes; leave out --note (or put it in the description)")
        }
        do {
            try MembershipRule.check(expense, isMember: members.contains)
        } catch {
            throw .invalid(error.description)
        }
    }

    public static func payment(_ payment: Payment, members: Set<MemberID>, capabilities: ServerCapabilities)
        throws(CloudError) {
        do {
            try payment.validate()
        } catch {
            throw .invalid(error.description)
        }
        try currency(payment.amount.currency, capabilities: capabilities)
        guard WireAmount.fits(payment.amount.minorUnits, payment.amount.currency) else {
            throw .invalid("amount \(payment.amount) is too large for the cloud server; it accepts less than 10000000000")
        }
        do {
            try MembershipRule.check(payment, isMember: members.contains)
        } catch {
            throw .invalid(error.description)
        }
    }

    /// A currency the server stores, as ``ServerCapabilities/accepts(_:)`` says: the Node server
    /// only JPY, MYR, SGD and USD, an older split-server the iOS app's 20, a split-server with
    /// the `currencies` feature every code.
    public static func currency(_ currency: Currency, capabilities: ServerCapabilities) throws(CloudError) {
        guard capabilities.accepts(currency) else {
            let which = capabilities.isSplitServer ? "this server" : "this server (the Node budget_splitter_web API)"
            throw .invalid("\(which) does not accept currency \(currency.code); it accepts only "
                           + capabilities.currencies.joined(separator: ", "))
        }
    }

    /// A trip or member name as both servers store it (1-100 characters, no control characters).
    public static func name(_ raw: String, member: Bool) throws(CloudError) -> String {
        do {
            return member ? try NameRules.member(raw) : try NameRules.trip(raw)
        } catch {
            throw .invalid(error.message)
        }
    }
}
