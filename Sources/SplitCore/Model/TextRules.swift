/// Which characters free text may hold, shared by the CLI, the store and the server, so a trip
/// never holds text the server would refuse.
///
/// Control characters are refused everywhere: C0 (U+0000–U+001F, NUL included, which
/// PostgreSQL cannot store), DEL (U+007F) and C1 (U+0080–U+009F). A note may keep line breaks
/// and tabs (`\n`, `\r`, `\t`); names and descriptions are single lines.
public enum TextRules {
    /// The longest description or note split's commands and split-server take, in characters.
    /// What a server already holds may be longer (the Node server has no limit): the store
    /// keeps any length, so it can hold what another client wrote.
    public static let textLimit = 1000
    /// The control characters a note may keep.
    public static let noteAllows: Set<Unicode.Scalar> = ["\n", "\r", "\t"]

    /// Throws when `text` holds a control character other than those in `allowing`.
    public static func check(_ text: String, field: String, allowing: Set<Unicode.Scalar> = []) throws(TextError) {
        for scalar in text.unicodeScalars where isControl(scalar) && !allowing.contains(scalar) {
            throw TextError(field: field, scalar: scalar, allowsLineBreaks: !allowing.isEmpty)
        }
    }

    /// `text` as an error message quotes it: its first `limit` characters, with `…` when cut,
    /// so one over-long value cannot make a one-line message unreadable.
    public static func excerpt(_ text: String, limit: Int = 40) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `text` with each control character shown as `\u{A}`, so a name from a file or a typed
    /// one stays on its line in a message and cannot drive the terminal.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var line = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// C0, DEL or C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// Free text that holds a control character.
public struct TextError: Error, Equatable, Sendable, UserFacingError {
    public let field: String
    public let scalar: Unicode.Scalar
    public let allowsLineBreaks: Bool

    public var message: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return "the \(field) contains the control character \(code); "
            + (allowsLineBreaks ? "only line breaks and tabs are allowed" : "use printable text on one line")
    }

    public var kind: FailureKind { .data }
}

extension Expense {
    /// The description and note hold no forbidden control characters (see ``TextRules``).
    public func validateText() throws(TextError) {
        try TextRules.check(description, field: "description")
        if let note { try TextRules.check(note, field: "note", allowing: TextRules.noteAllows) }
    }
}
