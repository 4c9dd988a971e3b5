/// A decimal number read from its text, exactly: `significand × 10^-scale`.
///
/// Other apps write amounts and weights as floats (ihatemoney's `12.1`, `2.5`, even `1e-05`);
/// going through `Double` would turn `12.1` into 12.0999…, so the digits are read as written.
/// Accepted: an optional `-`, digits with an optional `.digits`, and an optional exponent
/// (`e`/`E`, optional sign, digits), i.e. JSON's number syntax and the plain decimals CSV holds.
struct ExactDecimal: Equatable {
    /// The digits as one integer, with the sign.
    let significand: Int128
    /// How many of the digits are decimals; zero or more.
    let scale: Int

    /// At most 30 significant digits and exponents within ±30: far beyond any amount or weight,
    /// and within `Int128` however they combine.
    init?(_ text: String) {
        var bytes = Substring(text.trimmingSpaces).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: Int128 = 0
        var digitCount = 0
        var scale = 0
        var seenPoint = false
        var seenDigit = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, seenDigit else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            seenDigit = true
            if digits == 0 && byte == UInt8(ascii: "0") {
                if seenPoint { scale += 1 }
                continue
            }
            digitCount += 1
            guard digitCount <= 30 else { return nil }
            digits = digits * 10 + Int128(byte - UInt8(ascii: "0"))
            if seenPoint { scale += 1 }
        }
        guard seenDigit, !(seenPoint && text.trimmingSpaces.hasSuffix(".")) else { return nil }
        if bytes.first != nil {
            bytes = bytes.dropFirst()
            var exponentNegative = false
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
                exponentNegative = bytes.first == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty, bytes.count <= 3, bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            let exponent = Int(String(decoding: bytes, as: UTF8.self)) ?? 999
            guard exponent <= 30 else { return nil }
            scale += exponentNegative ? exponent : -exponent
        }
        if scale < 0 {
            guard digitCount - scale <= 30 else { return nil }
            for _ in 0 ..< -scale { digits *= 10 }
            scale = 0
        }
        // Trailing decimal zeros say nothing: 10.50 is 10.5.
        while scale > 0, digits % 10 == 0 {
            digits /= 10
            scale -= 1
        }
        if digits == 0 { scale = 0 }
        guard scale <= 60 else { return nil }
        significand = negative ? -digits : digits
        self.scale = scale
    }

    /// The value in units of `10^-exponent` (minor units of a currency with that exponent), or
    /// nil when it is not a whole number of them or does not fit `limit`.
    func units(exponent: Int, limit: Int64) -> Int64? {
        guard scale <= exponent else { return nil }
        var value = significand
        for _ in 0 ..< (exponent - scale) {
            value *= 10
            guard value.magnitude <= UInt128(limit) else { return nil }
        }
        guard value.magnitude <= UInt128(limit) else { return nil }
        return Int64(value)
    }

    /// The value times `10^scale` for a larger `scale`, so several decimals become integers
    /// over one common power of ten.
    func scaled(to common: Int) -> Int128 {
        var value = significand
        for _ in 0 ..< max(0, common - scale) { value *= 10 }
        return value
    }

    /// 10^exponent for 0 ≤ exponent ≤ 38.
    static func powerOfTen(_ exponent: Int) -> Int128 {
        var value: Int128 = 1
        for _ in 0 ..< min(max(exponent, 0), 38) { value *= 10 }
        return value
    }
}
