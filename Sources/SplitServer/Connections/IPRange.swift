/// An address or a CIDR range of them (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`), as given to
/// `--trusted-proxy`.
public struct IPRange: Hashable, Sendable, CustomStringConvertible {
    let network: IPAddress
    let prefixLength: Int

    /// Nil for text that is neither an address nor `address/length` with a length the family
    /// allows (0-32 for IPv4, 0-128 for IPv6).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        // The address part must be a bare address: no port, no brackets.
        guard let address = IPAddress(parts[0]), !parts[0].contains("["), parts[0].filter({ $0 == ":" }).count != 1 else {
            return nil
        }
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        network = address
    }

    /// Whether `address` lies in the range; an address of the other family never does.
    func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(network.bytes, address.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard mine & mask == theirs & mask else { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String {
        prefixLength == network.bytes.count * 8 ? network.description : "\(network)/\(prefixLength)"
    }
}
