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
            let difference = Int128(amount) - Int128(sum)
            let direction = difference > 0 ? "short of" : "over"
            let magnitude = difference > 0 ? difference : -difference
            return "exact amounts sum to \(DecimalText.major(sum, exponent: exponent)), "
                + "\(DecimalText.major(magnitude, exponent: exponent)) \(direction) the amount "
                + "\(DecimalText.major(amount, exponent: exponent)); they must add up exactly"
        case .percentSumMismatch(let sum):
            return "percentages sum to \(DecimalText.major(sum, exponent: 6)), not 100"
        case .malformedPercent(let text):
            return "percentage '\(text)' is not a number from 0 to 100 with at most 6 decimals"
        case .malformedShares(let text):
            return "share '\(text)' is not a whole number of 0 or more"
        case .zeroTotalShares:
            return "shares add up to 0; give at least one member a positive share"
        }
    }
}
