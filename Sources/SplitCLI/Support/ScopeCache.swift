import Foundation
import SplitStore

/// The command's ``SplitStore/TripScope``, read once on first use and then handed out: the
/// trip, its members, you and its link cost one read per command, however many parts of the
/// command ask.
final class ScopeCache: @unchecked Sendable {
    private let lock = NSLock()
    private var scope: TripScope?

    /// The cached scope, or `load()`'s, kept for the next caller.
    func get(_ load: () async throws -> TripScope) async throws -> TripScope {
        if let scope = lock.withLock({ scope }) { return scope }
        let loaded = try await load()
        lock.withLock { scope = loaded }
        return loaded
    }
}
