import Foundation
import NIOConcurrencyHelpers

/// Recently verified tokens, so that a client's burst of requests costs one token lookup
/// instead of one per request.
///
/// Entries live a few seconds. Logout through this server removes its token at once; a token
/// revoked some other way (another server process, or SQL) stops working within ``lifetime``.
final class TokenCache: Sendable {
    private struct Entry {
        let user: AuthenticatedUser
        let expires: Date
    }

    let lifetime: TimeInterval
    /// The server's clock.
    let now: @Sendable () -> Date
    private let entries = NIOLockedValueBox([String: Entry]())

    init(lifetime: TimeInterval = 5, now: @escaping @Sendable () -> Date) {
        self.lifetime = lifetime
        self.now = now
    }

    func user(for token: String) -> AuthenticatedUser? {
        let now = now()
        return entries.withLockedValue { entries in
            guard let entry = entries[token] else { return nil }
            guard entry.expires > now else {
                entries[token] = nil
                return nil
            }
            return entry.user
        }
    }

    func remember(_ user: AuthenticatedUser, for token: String) {
        let now = now()
        entries.withLockedValue { entries in
            if entries.count >= 10_000 { entries = entries.filter { $0.value.expires > now } }
            if entries.count >= 10_000 { entries.removeAll(keepingCapacity: true) }
            entries[token] = Entry(user: user, expires: now.addingTimeInterval(lifetime))
        }
    }

    func forget(tokenID: UUID) {
        entries.withLockedValue { entries in
            entries = entries.filter { $0.value.user.tokenID != tokenID }
        }
    }
}
