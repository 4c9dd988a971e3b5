/// One member's balance in one currency carried over into another: what `settle --record --in`
/// records for each member and currency it converts, so that afterwards that currency's balance
/// is zero and the value lives on in the target currency.
///
/// The member's net in `from.currency` moves by −`from` and their net in `to.currency` by
/// +`to`. Both amounts are signed: positive for a member who was owed (they give up a claim in
/// one currency for a claim in the other), negative for one who owed. The exchanges of one
/// `step` sum to zero in every currency, so nets still sum to zero. An exchange is immutable:
/// it is recorded and removed (undo), never edited.
public struct CurrencyExchange: Hashable, Sendable {
    public let id: ExchangeID
    /// The settle step this exchange belongs to: the exchanges of one step are undone together.
    public let step: ExchangeID
    public let member: MemberID
    public let from: Money
    public let to: Money
    public let date: CivilDate

    public init(id: ExchangeID, step: ExchangeID, member: MemberID, from: Money, to: Money, date: CivilDate) {
        self.id = id
        self.step = step
        self.member = member
        self.from = from
        self.to = to
        self.date = date
    }

    /// SplitCore's rule for an exchange: two different currencies, not both amounts zero, and
    /// each within ``Money/maxMinorUnits`` either way.
    public func validate() throws(ExchangeError) {
        guard from.currency != to.currency else { throw .sameCurrency(from.currency.code) }
        guard from.minorUnits != 0 || to.minorUnits != 0 else { throw .empty }
        for amount in [from.minorUnits, to.minorUnits] where amount.magnitude > UInt64(Money.maxMinorUnits) {
            throw .tooLarge
        }
    }
}

/// Why an exchange is refused.
public enum ExchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    case sameCurrency(String)
    case empty
    case tooLarge
    /// A step (``ExchangeStep``) without exchanges.
    case emptyStep
    case tooMany(Int)
    /// An exchange filed under a step that is not its own.
    case otherStep(String)
    case repeated(String)
    /// A step whose exchanges do not sum to zero in this currency.
    case unbalanced(String)

    public var description: String {
        switch self {
        case .sameCurrency(let code): "a currency exchange must be between two currencies, not \(code) and \(code)"
        case .empty: "a currency exchange must move an amount"
        case .tooLarge: "a currency exchange amount must be at most 10^15 minor units"
        case .emptyStep: "a settle step must hold at least one currency exchange"
        case .tooMany(let limit): "a settle step holds at most \(limit) currency exchanges"
        case .otherStep(let id): "currency exchange \(id) belongs to another settle step"
        case .repeated(let id): "currency exchange id \(id) appears twice"
        case .unbalanced(let code): "the currency exchanges of a settle step must sum to zero in every currency; in \(code) they do not"
        }
    }
}
