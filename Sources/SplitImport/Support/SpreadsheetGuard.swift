/// The `'` that ihatemoney (and Cospend, which shares its CSV code) puts before a cell starting
/// with `=`, `+`, `-`, `@`, a tab or a line break, so a spreadsheet does not run it as a formula.
/// Every CSV reader for those files takes it off again; a `'` before anything else is the name's own.
enum SpreadsheetGuard {
    /// `text` without that guard.
    static func unguarded(_ text: String) -> String {
        guard text.hasPrefix("'"), let second = text.dropFirst().first, "=+-@\t\n\r".contains(second) else { return text }
        return String(text.dropFirst())
    }
}
