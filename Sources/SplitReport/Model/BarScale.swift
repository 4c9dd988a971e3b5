/// The one rule for how long a bar is, in characters (text) or pixels (SVG): proportional to
/// the largest value of its chart, rounded half up in exact integer arithmetic, and never
/// shorter than 1 for a value that is not zero, so a small debt is still seen.
public enum BarScale {
    /// The length of the bar for `value` when `largest` fills `full` units.
    ///
    ///     BarScale.length(-6_000, of: 14_000, full: 20)   // 9
    public static func length(_ value: Int64, of largest: Int64, full: Int) -> Int {
        let size = magnitude(value)
        guard size > 0, largest > 0, full > 0 else { return 0 }
        let scaled = (Int128(size) * Int128(full) * 2 + Int128(largest)) / (Int128(largest) * 2)
        return max(1, Int(min(scaled, Int128(full))))
    }

    /// `|value|`, with `Int64.min` read as `Int64.max` rather than trapping.
    public static func magnitude(_ value: Int64) -> Int64 { value == .min ? .max : abs(value) }
}
