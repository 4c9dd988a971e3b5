/// `expenses --search TEXT`: the expenses whose description or note contains TEXT, ignoring
/// case and accents (``TextFold``). `cafe` finds "Café au lait" and a note "at the CAFÉ".
///
/// TEXT is folded once, when the search is made; each expense's text is folded as it is read.
public struct TextSearch: Hashable, Sendable {
    /// The text as typed, for messages.
    public let text: String
    /// The text folded, as compared.
    public let folded: String

    public init(_ text: String) {
        self.text = text
        folded = TextFold.fold(text.trimmingSpaces)
    }

    /// Whether the expense's description or note contains the text.
    public func matches(_ expense: Expense) -> Bool {
        TextFold.contains(expense.description, folded: folded) || expense.note.map { TextFold.contains($0, folded: folded) } == true
    }
}
