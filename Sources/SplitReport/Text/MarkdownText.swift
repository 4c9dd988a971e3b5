import SplitCore

/// Text from a trip made inert in Markdown: a name such as `<img src=x onerror=…>` or
/// `[click](javascript:…)` pasted into a chat or a wiki shows as the characters typed, not as
/// markup, a link or a broken table.
enum MarkdownText {
    /// Backslash-escapes the ASCII punctuation that means something anywhere in a line
    /// (CommonMark lets any ASCII punctuation be escaped), `&` only where it could start an
    /// entity (`&amp;`), and the characters that only mean something first (`-`, `+`, `#`, `=`, and `1.`/`1)` lists), when the text starts with
    /// them. `$`, `!` (an image needs `[`, which is escaped) and a `&` before a space mean
    /// nothing, and a chat app that shows Markdown raw would show their backslash. Control characters become `�` first (``SplitCore/Expense/shown(_:)``); a line
    /// break becomes a space, so it cannot end a table row. The rest stays as typed, so the
    /// Markdown still reads well where a chat shows it raw. A table cell never starts a line
    /// (`startsLine: false`), so a net such as `+¥3,775` stays as it is there.
    static func escape(_ text: String, startsLine: Bool = true) -> String {
        var out = ""
        let shown = Expense.shown(text)
        let leadingDigits = startsLine ? shown.prefix { $0.isASCII && $0.isNumber }.count : 0
        let characters = Array(shown)
        for (index, character) in characters.enumerated() {
            if character == "\n" || character == "\r" {
                out.append(" ")
                continue
            }
            let opensLine = startsLine && index == 0 && leading.contains(character)
            let endsListNumber = index == leadingDigits && leadingDigits > 0 && (character == "." || character == ")")
            let opensEntity = character == "&" && index + 1 < characters.count
                && (characters[index + 1] == "#" || (characters[index + 1].isASCII && characters[index + 1].isLetter))
            if anywhere.contains(character) || opensLine || endsListNumber || opensEntity { out.append("\\") }
            out.append(character)
        }
        return out
    }

    private static let anywhere: Set<Character> = ["\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "|", "~"]
    private static let leading: Set<Character> = ["-", "+", "#", "="]
}
