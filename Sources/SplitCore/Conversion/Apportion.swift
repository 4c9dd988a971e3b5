/// Rounds exact fractions to whole minor units so that they keep their exact total.
///
/// Given values `numerators[i] / denominator`, each becomes its floor, and then the members with
/// the largest remainders get one more unit each until the rounded total equals the exact total
/// rounded half to even (``Rounding``). Equal remainders go to the earlier member. A value that
/// is already whole never moves, and every value ends up at its floor or its ceiling.
enum Apportion {
    /// - Parameters:
    ///   - numerators: the exact values times `denominator`; any sign.
    ///   - denominator: positive.
    /// - Returns: the rounded values, or nil if their exact total overflows `Int128`.
    static func round(_ numerators: [Int128], over denominator: Int128) -> [Int128]? {
        var floors: [Int128] = []
        var remainders: [Int128] = []
        var total: Int128 = 0
        var floorTotal: Int128 = 0
        for numerator in numerators {
            let (quotient, remainder) = Rounding.floorDivide(numerator, by: denominator)
            floors.append(quotient)
            remainders.append(remainder)
            let (sum, overflow) = total.addingReportingOverflow(numerator)
            guard !overflow else { return nil }
            total = sum
            floorTotal += quotient  // |floors| ≤ |numerators|, and numerators' total fits
        }
        let leftover = Rounding.halfEven(total, over: denominator) - floorTotal
        guard leftover > 0 else { return floors }
        let order = numerators.indices.sorted { lhs, rhs in
            remainders[lhs] != remainders[rhs] ? remainders[lhs] > remainders[rhs] : lhs < rhs
        }
        // leftover ≤ the number of positive remainders (their sum is below that many units).
        for index in order.prefix(Int(clamping: leftover)) { floors[index] += 1 }
        return floors
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
