import SplitCore

/// Text from a trip made inert in Markdown: a name such as `<img src=x onerror=…>` or
/// `[click](javascript:…)` pasted into a chat or a wiki shows as the characters typed, not as
/// markup, a link or a broken table.
enum MarkdownText {
    /// Backslash-escapes every ASCII punctuation character that CommonMark or a table gives a
    /// meaning (any ASCII punctuation may be escaped), after control characters become `�`
    /// (``SplitCore/Expense/shown(_:)``); a line break cannot end a table row.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in Expense.shown(text) {
            if character == "\n" || character == "\r" {
                out.append(" ")
            } else {
                if special.contains(character) { out.append("\\") }
                out.append(character)
            }
        }
        return out
    }

    private static let special: Set<Character> = ["\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "(", ")", "#", "+",
                                                  "-", "!", "|", "~", "&", "\"", "'", "=", ":", "$"]
}
