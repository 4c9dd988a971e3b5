/// Turning amounts that other apps stored as floating point into exact minor units.
public enum FloatAmounts {
    /// `value` in minor units of `currency`, rounded half to even; nil when it is not finite or
    /// out of range. The value is first printed with the shortest round-tripping text, so a
    /// stored `10.01` is the decimal 10.01, not the binary number just below it.
    public static func minorUnits(_ value: Double, currency: Currency) -> Int64? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        // Fast path: away from a half, plain rounding of the scaled value gives the same
        // answer as rounding the decimal text. The scaled value is within 1e-4 of the decimal
        // one while it is below 1e11, so a margin of 1e-3 from .5 is safe.
        let scaled = value * Double(currency.minorPerMajor)
        if abs(scaled) < 1e11 {
            let fraction = abs(scaled - scaled.rounded(.towardZero))
            if abs(fraction - 0.5) > 1e-3 { return Int64(scaled.rounded(.toNearestOrAwayFromZero)) }
        }
        var text = "\(value.magnitude)"
        if text.contains("e") || text.contains("E") {
            // Tiny or huge magnitudes: scale directly (only reachable for |value| < 1e-4).
            let scaled = (value * Double(currency.minorPerMajor)).rounded(.toNearestOrEven)
            return Int64(exactly: scaled)
        }
        if !text.contains(".") { text += ".0" }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let whole = Int64(parts[0]) ?? 0
        var fraction = Array(parts[1].utf8).map { Int64($0 - UInt8(ascii: "0")) }
        let exponent = currency.exponent
        while fraction.count <= exponent { fraction.append(0) }
        var minor = whole * currency.minorPerMajor
        var scale = currency.minorPerMajor / 10
        for index in 0..<exponent {
            minor += fraction[index] * scale
            scale /= 10
        }
        // Half to even on the digits beyond the exponent.
        let rest = fraction[exponent...]
        let first = rest.first ?? 0
        let beyond = rest.dropFirst().contains { $0 != 0 }
        if first > 5 || (first == 5 && (beyond || minor % 2 != 0)) { minor += 1 }
        return value < 0 ? -minor : minor
    }

    /// Adjusts `shares` so they sum exactly to `total`, moving the difference one minor unit at a
    /// time by largest remainder of the original float shares (ties to the earlier share).
    /// Returns nil when no repair was needed; shares never go below zero.
    public static func repair(_ shares: [Int64], floats: [Double], total: Int64, currency: Currency) -> [Int64]? {
        var result = shares
        var difference = total - shares.reduce(0, +)
        guard difference != 0, !shares.isEmpty else { return nil }
        let scale = Double(currency.minorPerMajor)
        // How far each rounded share is from its float value, in minor units.
        let error = zip(shares, floats).map { Double($0.0) - $0.1 * scale }
        let step: Int64 = difference > 0 ? 1 : -1
        // Adding: those rounded down most first; taking: those rounded up most first.
        var order = Array(shares.indices).sorted { lhs, rhs in
            let (l, r) = (error[lhs], error[rhs])
            if l != r { return step > 0 ? l < r : l > r }
            return lhs < rhs
        }
        if step < 0 { order = order.filter { result[$0] > 0 } }
        guard !order.isEmpty else { return nil }
        var index = 0
        while difference != 0 {
            let target = order[index % order.count]
            if step > 0 || result[target] > 0 {
                result[target] += step
                difference -= step
            }
            index += 1
            if index > order.count * 1_000_000 { return nil }
        }
        return result
    }
}
