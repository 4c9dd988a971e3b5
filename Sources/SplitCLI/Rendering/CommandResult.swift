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
    /// Whether the command already wrote its product (a report or an export, to a file or to
    /// stdout through ``ExportFile``, or the streamed `expenses --json`): then only the notes
    /// are printed. The one exception to "commands never print", for documents too large, or
    /// too plainly bytes, to hold as a value.
    var written: Bool { get }
    /// A failure to report once the result is printed (an upload that did not verify: what
    /// it did is shown, and the exit code says it failed).
    var failure: (any Error)? { get }
}

extension CommandResult {
    var notes: [String] { [] }
    var written: Bool { false }
    var failure: (any Error)? { nil }
}
