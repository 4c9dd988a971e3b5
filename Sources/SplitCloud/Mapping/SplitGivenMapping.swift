import SplitAPI
import SplitCore

/// The split as given (``SplitCore/Expense/splitGiven``) on the wire, for a server that keeps it
/// (split-server's `split-given`; the Node server never sees it).
///
/// Out: only while it still gives the expense's splits (``SplitCore/Expense/givenRule``), so a
/// version kept here that no longer matches (another client changed the shares) is never sent
/// back to be refused; left out, the server keeps its own while that still matches. In: a hint
/// about another client's data, read by ``SplitAPI/SplitGivenWire``; one that does not read is
/// no split as given, and the expense reads as its shares: it never holds the expense back.
enum SplitGivenMapping {
    /// What a request carries for `expense`; nil when the server keeps none or there is none.
    static func wire(_ expense: Expense, sent: Bool, name: (MemberID) -> String = { $0.rawValue })
        -> Components.Schemas.SplitGiven? {
        guard sent, let rule = expense.givenRule else { return nil }
        return SplitGivenWire.wire(rule, currency: expense.amount.currency, name: name)
    }

    /// `reading` with the split as given `wire` carries. One that does not read, or does not
    /// give the shares read, is a repair the person can see (`split conflicts`): the shares
    /// count; a rule that reads is kept all the same, shown as not matching.
    static func reading(_ reading: ForeignResult<Expense>, _ wire: Components.Schemas.SplitGiven?) -> ForeignResult<Expense> {
        guard let wire, case .usable(var expense, var repairs) = reading else { return reading }
        do throws(SplitGivenWireError) {
            let rule = try SplitGivenWire.rule(wire, currency: expense.amount.currency) { MemberID($0) }
            expense.splitGiven = rule
            if expense.staleSplitGiven != nil { repairs.append(.splitGivenNotMatching(mode: wire.mode)) }
        } catch {
            repairs.append(.splitGivenUnreadable(error.message))
        }
        return .usable(expense, repairs: repairs)
    }
}
