/// Why a split could not be built. Messages name amounts in major units so a person can fix them.
public enum SplitError: Error, Equatable, Sendable, CustomStringConvertible {
    case nonPositiveAmount
    case noParticipants
    case duplicateMember(MemberID)
    case negativeShare(MemberID)
    /// Exact amounts summed to `sum` instead of `amount` (both in minor units).
    case exactSumMismatch(sum: Int64, amount: Int64, exponent: Int)
    /// Percentages summed to `sum`, in millionths of a percent (100% = 100_000_000).
    case percentSumMismatch(sum: Int64)
    case malformedPercent(String)
    case malformedShares(String)
    case zeroTotalShares
    /// An expense with nobody paying it.
    case noPayer
    case duplicatePayer(MemberID)
    /// A payer's part is zero or less.
    case nonPositivePayer(MemberID)
    /// The payers' parts summed to `sum` instead of `amount` (both in minor units).
    case payerSumMismatch(sum: Int64, amount: Int64, exponent: Int)
    /// More payers than minor units to divide among them equally.
    case tooManyPayers(count: Int, amount: Int64, exponent: Int)
    /// An itemized bill (``ItemizedBill``) with no items.
    case noItems
    /// An item priced zero or less (its name, cut to an excerpt).
    case nonPositiveItemPrice(String)
    /// An item name longer than ``BillItem/nameLimit``.
    case itemNameTooLong(String)
    /// A fixed tax, tip or discount below zero.
    case negativeExtra(String)
    /// `rest` given for the tax or the discount.
    case restOnlyForTip(String)
    case discountOverSubtotal(discount: Int64, subtotal: Int64, exponent: Int)
    /// A `rest` tip with no amount to take the rest of.
    case restTipWithoutAmount
    /// The amount is `short` less than the bill before its tip.
    case restTipNegative(short: Int64, amount: Int64, exponent: Int)
    /// The items and extras come to `total`, and the amount given is `amount`.
    case itemTotalMismatch(total: Int64, amount: Int64, exponent: Int)
    /// The bill's total does not fit an amount.
    case billTooLarge
    /// A split as given (``Expense/splitGiven``) that does not give the expense's splits.
    case givenSplitMismatch

    public var description: String {
        switch self {
        case .nonPositiveAmount:
            return "amount must be greater than zero"
        case .noParticipants:
            return "an expense needs at least one member to split among"
        case .duplicateMember(let id):
            return "member \(id.short) appears twice in the split"
        case .negativeShare(let id):
            return "member \(id.short) has a negative share"
        case .exactSumMismatch(let sum, let amount, let exponent):
            return Self.mismatch("exact amounts", sum: sum, amount: amount, exponent: exponent)
        case .percentSumMismatch(let sum):
            return "percentages sum to \(DecimalText.major(sum, exponent: 6)), not 100"
        case .malformedPercent(let text):
            return "percentage '\(text)' is not a number from 0 to 100 with at most 6 decimals"
        case .malformedShares(let text):
            return "share '\(text)' is not a whole number of 0 or more"
        case .zeroTotalShares:
            return "shares add up to 0; give at least one member a positive share"
        case .noPayer:
            return "an expense needs at least one payer"
        case .duplicatePayer(let id):
            return "member \(id.short) is named twice as a payer"
        case .nonPositivePayer(let id):
            return "member \(id.short) pays zero or less; each payer pays a positive amount"
        case .payerSumMismatch(let sum, let amount, let exponent):
            return Self.mismatch("payer amounts", sum: sum, amount: amount, exponent: exponent)
        case .tooManyPayers(let count, let amount, let exponent):
            return "\(count) payers cannot each pay a positive part of \(DecimalText.major(amount, exponent: exponent))"
        case .noItems:
            return "an itemized bill needs at least one item, e.g. --item Steak=32"
        case .nonPositiveItemPrice(let name):
            return "item '\(name)' has a price of zero or less; each item costs a positive amount"
        case .itemNameTooLong(let name):
            return "item name '\(name)' is longer than \(BillItem.nameLimit) characters"
        case .negativeExtra(let name):
            return "the \(name) is below zero; give an amount or a percentage of 0 or more"
        case .restOnlyForTip(let name):
            return "'rest' is only for the tip, not the \(name)"
        case .discountOverSubtotal(let discount, let subtotal, let exponent):
            return "the discount \(DecimalText.major(discount, exponent: exponent)) is larger than the items' subtotal "
                + "\(DecimalText.major(subtotal, exponent: exponent))"
        case .restTipWithoutAmount:
            return "--tip rest needs the amount: give AMOUNT, the receipt's total"
        case .restTipNegative(let short, let amount, let exponent):
            return "the amount \(DecimalText.major(amount, exponent: exponent)) is \(DecimalText.major(short, exponent: exponent)) "
                + "less than the items, tax and discount; the tip cannot be negative"
        case .itemTotalMismatch(let total, let amount, let exponent):
            return Self.mismatch("the items, tax, tip and discount", verb: "come to", sum: total, amount: amount, exponent: exponent)
        case .billTooLarge:
            return "the bill's total is too large for an amount"
        case .givenSplitMismatch:
            return "the split as given does not give these splits for this amount; send the splits it gives, or leave it out"
        }
    }

    /// `exact amounts sum to 45.00, 5.00 short of the amount 50.00; they must add up exactly`.
    private static func mismatch(_ what: String, verb: String = "sum to", sum: Int64, amount: Int64, exponent: Int) -> String {
        let difference = Int128(amount) - Int128(sum)
        let direction = difference > 0 ? "short of" : "over"
        let magnitude = difference > 0 ? difference : -difference
        return "\(what) \(verb) \(DecimalText.major(sum, exponent: exponent)), "
            + "\(DecimalText.major(magnitude, exponent: exponent)) \(direction) the amount "
            + "\(DecimalText.major(amount, exponent: exponent)); they must add up exactly"
    }
}
