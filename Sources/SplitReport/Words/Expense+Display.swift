import SplitCore

extension Expense {
    /// The description as text output shows it. Another client may have left it empty or
    /// blank (`(no description)`), or put control characters in it, which are shown as `�`
    /// so that no server's data can move the cursor or recolour a terminal.
    public var shownDescription: String { Self.shown(description) }

    public static func shown(_ text: String) -> String {
        guard !text.trimmingSpaces.isEmpty else { return "(no description)" }
        guard text.unicodeScalars.contains(where: TextRules.isControl) else { return text }
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { view.append(TextRules.isControl(scalar) ? "\u{FFFD}" : scalar) }
        return String(view)
    }
}
