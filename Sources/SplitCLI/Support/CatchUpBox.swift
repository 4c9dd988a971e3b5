import Foundation
import SplitStore

/// What the command's automatic catch-up of recurring expenses added, kept for the command that
/// asked to report it itself (`recurring run`), which then prints it as its own result instead
/// of the note on stderr.
final class CatchUpBox: @unchecked Sendable {
    private let lock = NSLock()
    private var reported = false
    private var kept: RecurringCatchUp?

    /// Asks that the catch-up be handed over rather than noted on stderr.
    func reportInResult() { lock.withLock { reported = true } }

    /// Keeps `result`; true when the caller should still print its note.
    func keep(_ result: RecurringCatchUp) -> Bool {
        lock.withLock {
            kept = result
            return !reported
        }
    }

    /// What the automatic catch-up added, if it ran.
    var result: RecurringCatchUp? { lock.withLock { kept } }
}
