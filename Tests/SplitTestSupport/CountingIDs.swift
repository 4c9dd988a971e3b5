import Foundation
import SplitCore

/// Ids a test can predict: `00000000-0000-4000-8000-000000000001`, then `…002`, and so on,
/// valid UUID text like the real ones. Safe to share between tasks.
public final class CountingIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    public init() {}

    /// The `n`th id this generator gives (from 1).
    public static func id(_ n: Int) -> String {
        let digits = String(n)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }

    public var generator: IDGenerator {
        IDGenerator { [self] in
            lock.withLock {
                count += 1
                return Self.id(count)
            }
        }
    }
}
