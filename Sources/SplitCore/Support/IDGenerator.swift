/// Where new ids come from: lowercase UUID text. Passed in as a dependency, so nothing calls
/// `UUID()` inline and tests can make ids predictable.
public struct IDGenerator: Sendable {
    private let make: @Sendable () -> String

    public init(_ make: @escaping @Sendable () -> String) {
        self.make = make
    }

    /// A new id.
    public func callAsFunction() -> String { make() }

    /// Random (version 4) UUIDs drawn from the system generator directly: Foundation's `UUID()`
    /// on Linux opens /dev/urandom on every call, which a 100,000-row import felt. (Time-ordered
    /// ids would insert faster, but tables and commands name things by their first 8
    /// characters, which must differ between ids made together.)
    public static let random = IDGenerator {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            let hex = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(36)
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
                text.append(hex[Int(raw[index] >> 4)])
                text.append(hex[Int(raw[index] & 0x0F)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
