import NIOConcurrencyHelpers

/// A line told at most once, however many requests of a command come to it: a command that
/// waits on an unavailable server says so in one line on stderr, not one per request.
final class NoticeOnce: Sendable {
    private let told = NIOLockedValueBox(false)

    init() {}

    /// True the first time only.
    func first() -> Bool {
        told.withLockedValue { told in
            defer { told = true }
            return !told
        }
    }
}
