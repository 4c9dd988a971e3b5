import ArgumentParser
import Foundation

/// Test seam: parses a command line, reusing an earlier successful parse of the same
/// arguments once ``SplitProgram/reuseParses()`` has been called (the in-process test harness
/// does; `split` itself parses once and never does).
///
/// A parse depends on the arguments alone: every option's default is a literal, every
/// `validate()` reads only the parsed values, and no argument type reads the environment or
/// the clock. A debug build's ArgumentParser re-validates every command type it builds on each
/// parse, about a quarter of an in-process command's time, and the tests run the same command
/// lines thousands of times. A failed parse is never kept: it is parsed, and fails, every time.
enum ParseReuse {
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var enabled = false
        var parsed: [[String]: any ParsableCommand] = [:]
    }

    private static let store = Store()

    static func enable() {
        store.lock.withLock { store.enabled = true }
    }

    static func parse(_ arguments: [String]) throws -> any ParsableCommand {
        let (enabled, kept) = store.lock.withLock { (store.enabled, store.parsed[arguments]) }
        if let kept { return kept }
        let command = try SplitCommand.parseAsRoot(arguments)
        if enabled { store.lock.withLock { store.parsed[arguments] = command } }
        return command
    }
}

extension SplitProgram {
    /// Keeps every successful parse for the rest of the process (``ParseReuse``): for a test
    /// process that runs many command lines in-process.
    public static func reuseParses() { ParseReuse.enable() }
}
