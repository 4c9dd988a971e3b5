/// Version 5 (name-based, SHA-1) UUIDs, RFC 9562 §5.5: the same namespace and name give the same
/// id on every device. A recurring expense's instance for a period is named after its rule and
/// period, so two offline devices that both add the March rent add one expense, which a sync
/// (and split-server's client-chosen ids) turns into one.
public enum NameBasedID {
    /// split's namespace for the names it derives ids from (a fixed random version 4 UUID).
    public static let splitNamespace = "8d3c2f64-5b1e-4c8a-9f0d-6e2a7b41c953"

    /// The lower-case version 5 UUID of `name` in `namespace` (a UUID in its usual text form),
    /// or nil when `namespace` is not a UUID.
    public static func make(namespace: String, name: String) -> String? {
        guard let space = bytes(ofUUID: namespace) else { return nil }
        var hash = Array(SHA1.digest(space + Array(name.utf8)).prefix(16))
        hash[6] = hash[6] & 0x0F | 0x50
        hash[8] = hash[8] & 0x3F | 0x80
        return text(hash)
    }

    /// The 16 bytes of a UUID written as 32 hex digits with the usual four hyphens.
    static func bytes(ofUUID text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == 36, [8, 13, 18, 23].allSatisfy({ digits[$0] == UInt8(ascii: "-") }) else { return nil }
        let hex = digits.enumerated().filter { ![8, 13, 18, 23].contains($0.offset) }.map(\.element)
        var result: [UInt8] = []
        for pair in stride(from: 0, to: hex.count, by: 2) {
            guard let high = value(ofHex: hex[pair]), let low = value(ofHex: hex[pair + 1]) else { return nil }
            result.append(high << 4 | low)
        }
        return result
    }

    private static func value(ofHex digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func text(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { out.append(UInt8(ascii: "-")) }
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
