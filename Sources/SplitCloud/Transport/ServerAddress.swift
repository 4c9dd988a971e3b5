import Foundation

/// A cloud server's base URL in one canonical spelling, the key credentials are stored under.
///
/// `HTTP://Example.COM:3012/` and `http://example.com:3012` are the same server: the scheme and
/// host are lower-cased and trailing slashes dropped. Only `http` and `https` are accepted, with
/// a host, an optional port (1-65535) and an optional path prefix; no query or fragment.
public struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
    /// The canonical URL, e.g. `http://127.0.0.1:3012`.
    public let url: String

    public init(_ text: String) throws(CloudError) {
        let trimmed = text.trimmingSpaces
        guard let separator = trimmed.range(of: "://") else { throw .badServerAddress(text) }
        let scheme = trimmed[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { throw .badServerAddress(text) }
        var rest = Substring(trimmed[separator.upperBound...])
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains(where: { $0 == "?" || $0 == "#" || $0 == "@" || $0 == " " }) else {
            throw .badServerAddress(text)
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash].lowercased()
        let path = rest[slash...]
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            let port = authority[authority.index(after: colon)...]
            guard let number = Int(port), (1...65535).contains(number) else { throw .badServerAddress(text) }
            authority = String(authority[..<colon]) + ":" + String(number)
        }
        guard !authority.isEmpty, !authority.hasPrefix(":") else { throw .badServerAddress(text) }
        url = scheme + "://" + authority + path
    }

    public var description: String { url }

    /// The full URL of an API path such as `/api/groups`.
    func url(for path: String) -> String { url + path }
}
