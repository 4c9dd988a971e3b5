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
        }
    }

    /// `exact amounts sum to 45.00, 5.00 short of the amount 50.00; they must add up exactly`.
    private static func mismatch(_ what: String, sum: Int64, amount: Int64, exponent: Int) -> String {
        let difference = Int128(amount) - Int128(sum)
        let direction = difference > 0 ? "short of" : "over"
        let magnitude = difference > 0 ? difference : -difference
        return "\(what) sum to \(DecimalText.major(sum, exponent: exponent)), "
            + "\(DecimalText.major(magnitude, exponent: exponent)) \(direction) the amount "
            + "\(DecimalText.major(amount, exponent: exponent)); they must add up exactly"
    }
}
