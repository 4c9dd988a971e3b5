#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SplitCore

/// An IPv4 or IPv6 address as its bytes, so that the same client compares equal however its
/// address was written (`::ffff:10.0.0.1` is `10.0.0.1`, `2001:DB8::1` is `2001:db8::1`).
///
/// Read from a socket's peer and from `X-Forwarded-For`, whose entries some proxies write
/// with a port (`10.0.0.1:5123`, `[2001:db8::1]:5123`).
struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    init?(_ text: some StringProtocol) {
        var address = Substring(String(text).trimmingSpaces)
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            address = address[address.index(after: address.startIndex)..<close]
        } else if address.filter({ $0 == ":" }).count == 1, let colon = address.firstIndex(of: ":") {
            address = address[..<colon]
        }
        guard let bytes = Self.bytes(String(address)) else { return nil }
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.bytes = Array(bytes[12...])
        } else {
            self.bytes = bytes
        }
    }

    var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        bytes.withUnsafeBytes { raw in
            _ = inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, raw.baseAddress, &text, socklen_t(text.count))
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
