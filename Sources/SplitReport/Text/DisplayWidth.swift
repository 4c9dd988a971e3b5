/// How many terminal columns text takes: East Asian wide and fullwidth characters (CJK,
/// Hangul, fullwidth forms, most emoji) take two, combining marks none, everything else one.
/// Enough to keep tables aligned for names like 田中 or 김민준 without a Unicode database.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width($1) }
    }

    public static func width(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0x200D || (0x0300...0x036F).contains(value) || (0xFE00...0xFE0F).contains(value) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }
}
