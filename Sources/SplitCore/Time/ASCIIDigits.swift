/// Zero-padded decimal fields written as ASCII bytes: how dates and timestamps are written
/// without a `String` per field (a listing writes 100,000 of each).
enum ASCIIDigits {
    /// Appends `value` as at least `width` digits, zero-padded on the left. Dates and times
    /// only ever pass values that fit (a year has four digits, an hour two).
    @inline(__always)
    static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var digits = 1
        var limit = 10
        while limit <= value { digits += 1; limit *= 10 }
        var divisor = 1
        for _ in 1..<max(width, digits) { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The number written in `bytes[range]`, or nil unless every byte there is a digit.
    @inline(__always)
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
