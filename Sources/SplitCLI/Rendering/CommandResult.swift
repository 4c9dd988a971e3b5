import SplitJSON

/// What a command produced, as one value: its `--json` document and its text for people.
///
/// Commands return one and never print; ``Output/render(_:)`` is the one place that prints
/// it, so a command's two forms are built side by side from the same value, and a test can
/// run a command and look at the value.
protocol CommandResult: Sendable {
    /// The `--json` document.
    var json: JSONValue { get }
    /// The text for people: lines for stdout, each without its newline.
    var lines: [String] { get }
    /// Lines for stderr, said in either form before the result (a warning, a hint).
    var notes: [String] { get }
}

extension CommandResult {
    var notes: [String] { [] }
}
