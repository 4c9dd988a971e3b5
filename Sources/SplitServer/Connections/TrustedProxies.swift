/// The proxies whose `X-Forwarded-For` split-server believes (`--trusted-proxy`), and the
/// client address that follows from a connection's peer and that header.
///
/// Behind HAProxy or nginx every connection comes from the proxy, so the per-IP login limit
/// and the share-page limit would count all clients as one. Each proxy appends the address it
/// got the request from to the header, so the right-most address that is not a trusted proxy
/// is the client as far as anything trusted can tell; what lies left of it the client wrote
/// itself. A connection from anywhere else is taken at its socket's word and its header is
/// ignored, or any client could claim any address.
public struct TrustedProxies: Sendable, Equatable {
    public var ranges: [IPRange]

    public init(_ ranges: [IPRange] = []) {
        self.ranges = ranges
    }

    func contains(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client's address: `peer`, or, when `peer` is trusted, the right-most address of
    /// `forwardedFor` (the header's values in order) that is not. Should every address be
    /// trusted, the left-most; should an entry not be an address, the one right of it.
    func client(peer: IPAddress?, forwardedFor: [String]) -> IPAddress? {
        guard var client = peer, contains(client) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { break }
            client = address
            if !contains(address) { break }
        }
        return client
    }
}
