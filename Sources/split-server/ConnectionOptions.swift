import ArgumentParser
import Foundation
import SplitServer

/// `split-server`'s flags for slow and hostile clients: request timeouts, the connection cap
/// and the trusted proxies. Their defaults are ``ConnectionLimits/defaults``, shown in the help
/// from there; each flag has an environment variable, and a flag wins over it.
struct ConnectionOptions: ParsableArguments {
    private static let defaults = ConnectionLimits.defaults

    @Option(name: .customLong("header-timeout"),
            help: ArgumentHelp("Seconds a request's line and headers may take (env HEADER_TIMEOUT; default \(seconds(defaults.headerTimeout))).",
                               valueName: "seconds"))
    var headerTimeout: String?

    @Option(name: .customLong("min-body-rate"),
            help: ArgumentHelp("Bytes per second a body must average after the header timeout's allowance (env MIN_BODY_RATE; default \(defaults.minBodyRate)).",
                               valueName: "bytes"))
    var minBodyRate: String?

    @Option(name: .customLong("idle-timeout"),
            help: ArgumentHelp("Seconds before an idle keep-alive connection is closed (env IDLE_TIMEOUT; default \(seconds(defaults.idleTimeout))).",
                               valueName: "seconds"))
    var idleTimeout: String?

    @Option(name: .customLong("max-connections"),
            help: ArgumentHelp("Connections open at once; more are closed at once (env MAX_CONNECTIONS; default \(ConnectionLimits.fileLimitPercent)% of ulimit -n, now \(defaults.maxConnections)).",
                               valueName: "count"))
    var maxConnections: String?

    @Option(name: .customLong("trusted-proxy"),
            help: ArgumentHelp("A proxy whose X-Forwarded-For names the client: an address or CIDR range; repeatable (env TRUSTED_PROXIES, comma-separated).",
                               valueName: "address"))
    var trustedProxies: [String] = []

    /// The limits these flags and `environment` give, or the first bad value as one line.
    func limits(_ environment: [String: String], fileLimit: Int = ConnectionLimits.fileLimit()) throws -> ConnectionLimits {
        var limits = Self.defaults
        if let text = headerTimeout ?? environment["HEADER_TIMEOUT"] {
            limits.headerTimeout = try Self.duration(text, named: "header timeout")
        }
        if let text = idleTimeout ?? environment["IDLE_TIMEOUT"] {
            limits.idleTimeout = try Self.duration(text, named: "idle timeout")
        }
        if let text = minBodyRate ?? environment["MIN_BODY_RATE"] {
            guard let rate = Int(text), rate >= 1 else {
                throw ServerCommand.ConfigurationError(description: "min body rate '\(text)' is not a number of bytes per second (1 or more)")
            }
            limits.minBodyRate = rate
        }
        if let text = maxConnections ?? environment["MAX_CONNECTIONS"] {
            guard let count = Int(text), (1..<fileLimit).contains(count) else {
                throw ServerCommand.ConfigurationError(description:
                    "max connections '\(text)' is not a number of connections below the file limit of \(fileLimit) (1-\(fileLimit - 1); raise ulimit -n for more)")
            }
            limits.maxConnections = count
        } else {
            limits.maxConnections = ConnectionLimits.defaultMaxConnections(fileLimit: fileLimit)
        }
        return limits
    }

    /// The proxies of the flags, else of `TRUSTED_PROXIES`.
    func proxies(_ environment: [String: String]) throws -> TrustedProxies {
        let given = trustedProxies.isEmpty
            ? (environment["TRUSTED_PROXIES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            : trustedProxies
        return TrustedProxies(try given.map { text in
            guard let range = IPRange(text) else {
                throw ServerCommand.ConfigurationError(description:
                    "trusted proxy '\(text)' is not an IP address or CIDR range (such as 10.0.0.5, 10.0.0.0/8 or fd00::/8)")
            }
            return range
        })
    }

    /// The longest timeout accepted, in seconds: a day; longer is a typo, or no timeout at all.
    private static let longestTimeout = 86_400

    private static func duration(_ text: String, named name: String) throws -> Duration {
        guard let value = Double(text), value.isFinite, value > 0, value <= Double(longestTimeout) else {
            throw ServerCommand.ConfigurationError(description:
                "\(name) '\(text)' is not a number of seconds (more than 0, at most \(longestTimeout))")
        }
        return .milliseconds(Int((value * 1000).rounded(.up)))
    }

    private static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        return fraction == 0 ? "\(whole)" : "\(Double(whole) + Double(fraction) / 1e18)"
    }
}
