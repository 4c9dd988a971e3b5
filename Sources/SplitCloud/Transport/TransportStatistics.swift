import NIOConcurrencyHelpers

/// Counts what a transport sent, retries and rate-limited attempts included, so `split upload`
/// can report how many requests a trip took (and its benchmark can print the figure).
public final class TransportStatistics: Sendable {
    private let sent = NIOLockedValueBox(0)

    public init() {}

    /// HTTP requests sent so far (or attempted: a refused connection counts too).
    public var requests: Int { sent.withLockedValue { $0 } }

    func recordSend() { sent.withLockedValue { $0 += 1 } }
}
