/// Why a JSON text was refused, and where: the 1-based line and byte column of the problem.
///
/// The position points at the offending byte (or at the end of the input when it ran out), so a
/// person can open the file and find it. A JSONL reader that parses one line at a time can
/// rebuild the error with the file's line number: `JSONError(message: e.message, line: n, column: e.column)`.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, phrased so a person can fix it, e.g. `expected ':' after object key "amount"`.
    public let message: String
    /// 1-based line; lines are separated by `\n` (so `\r\n` counts once).
    public let line: Int
    /// 1-based column counted in UTF-8 bytes from the start of the line.
    public let column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line 1, column 7: expected ',' or '}' after object member`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
