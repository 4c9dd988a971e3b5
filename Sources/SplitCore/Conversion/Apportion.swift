/// Rounds exact fractions to whole minor units so that they keep their exact total.
///
/// Given values `numerators[i] / denominator`, the rounded total is their exact total rounded
/// half to even (``Rounding``), and it is divided among them by ``LargestRemainder``: each
/// value becomes its floor, and the largest remainders get one more unit each, equal remainders
/// going to the earlier value. A value that is already whole never moves, and every value ends
/// up at its floor or its ceiling. Converted balances and payers' parts are rounded this way.
enum Apportion {
    /// - Parameters:
    ///   - numerators: the exact values times `denominator`; any sign.
    ///   - denominator: positive.
    /// - Returns: the rounded values, or nil if their exact total overflows `Int128`.
    static func round(_ numerators: [Int128], over denominator: Int128) -> [Int128]? {
        var total: Int128 = 0
        for numerator in numerators {
            let (sum, overflow) = total.addingReportingOverflow(numerator)
            guard !overflow else { return nil }
            total = sum
        }
        // The floors sum to at most the exact total, and to more than it minus one per value,
        // so its half-even rounding is within what largest remainder can hand out.
        return LargestRemainder.split(Rounding.halfEven(total, over: denominator), quotas: numerators, over: denominator)
    }
}

extension Apportion {
    /// Greatest common divisor of two positive numbers.
    static func gcd<T: BinaryInteger>(_ a: T, _ b: T) -> T {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
