/// The English names of months and weekdays that ``DateReader`` reads, and how a typed word
/// matches one: the whole name, or any beginning of it of three letters or more (`jun`, `sept`,
/// `thurs`), as people abbreviate them. A calendar in one language: the rest of split speaks English.
enum CalendarWords {
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december"]
    /// Sunday first, as ``CivilDate/weekday`` counts.
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The month `word` names, 1 to 12, or nil.
    static func month(_ word: String) -> Int? { index(of: word, in: months).map { $0 + 1 } }

    /// The weekday `word` names, 0 (Sunday) to 6, or nil.
    static func weekday(_ word: String) -> Int? { index(of: word, in: weekdays) }

    /// The short name people write a month with: `Jun`.
    static func shortMonth(_ month: Int) -> String {
        let name = months[month - 1]
        return name.prefix(1).uppercased() + name.dropFirst().prefix(2)
    }

    private static func index(of word: String, in names: [String]) -> Int? {
        guard word.count >= 3 else { return nil }
        return names.firstIndex { $0.hasPrefix(word) }
    }
}
