/// A stable 64-bit FNV-1a digest of a row's text, in hex: the source of a row from a file with
/// no ids (Splitwise, ihatemoney), so importing the same file again finds what it already holds.
enum RowFingerprint {
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
