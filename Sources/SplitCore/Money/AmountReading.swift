/// What a refused amount most plausibly says, for a hint in its refusal: `12,50` reads 12.50.
///
/// Only ever shown to the person, never stored: amounts stay strict (``AmountParser``), and a
/// reading is a question ("did you mean 12.50?"), not an answer. Readings:
/// - a decimal comma: `12,50` is 12.50;
/// - grouped digits: `1.000,50` and `1,000.50` are 1000.50, `1 000` and `1,000,000` whole
///   numbers (groups after the first have three digits; the last `.` or `,`, when it differs
///   from the others, is the decimal mark);
/// - `1,000` could be either 1000 or 1.000, so both are named;
/// - a currency symbol or code before or after the number (`$12`, `€ 12,50`, `12EUR`).
public enum AmountReading: Equatable, Sendable {
    /// One plain number.
    case number(String)
    /// Two plain numbers, equally likely.
    case either(String, String)
    /// A number written with its currency. `code` is the ISO code of the letters, or the one the
    /// symbol most often stands for (`$` USD), nil when unknown; `number` the rest's plain reading.
    case currency(code: String?, number: String?)

    /// The reading of `text`, or nil when it has none (`Tacos`, `1e3`, `12 50`).
    public static func of(_ text: String) -> AmountReading? {
        let trimmed = text.trimmingSpaces
        let isMark: (Character) -> Bool = { $0.isLetter || $0.isCurrencySymbol }
        guard let start = trimmed.firstIndex(where: { !isMark($0) }),
              let last = trimmed.lastIndex(where: { !isMark($0) }) else { return nil }
        let mark = String(trimmed[..<start]) + String(trimmed[trimmed.index(after: last)...])
        let rest = String(trimmed[start...last]).trimmingSpaces
        guard !mark.isEmpty else { return reading(ofDigits: rest) }
        guard trimmed[..<start].isEmpty || trimmed[trimmed.index(after: last)...].isEmpty,
              rest.contains(where: { $0.isASCII && $0.isNumber }) else { return nil }
        let code = currencyCode(mark)
        guard code != nil || mark.contains(where: \.isCurrencySymbol) else { return nil }
        let plain: String?
        switch reading(ofDigits: rest) {
        case .some(.number(let reading)): plain = reading
        case .none where AmountParser.isPlainDecimal(rest): plain = rest
        default: plain = nil
        }
        return .currency(code: code, number: plain)
    }

    /// Readings of digits with separators only.
    private static func reading(ofDigits text: String) -> AmountReading? {
        var groups: [String] = []
        var separators: [Character] = []
        var current = ""
        for character in text {
            if character.isASCII && character.isNumber {
                current.append(character)
            } else if groupSeparators.contains(character) || character == "." || character == "," {
                guard !current.isEmpty else { return nil }
                groups.append(current)
                separators.append(character)
                current = ""
            } else {
                return nil
            }
        }
        guard !current.isEmpty, let mark = separators.last else { return nil }
        groups.append(current)
        let grouped = groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }
        if Set(separators).count == 1 {
            if mark == ",", separators.count == 1 {
                let decimal = groups[0] + "." + groups[1]
                return grouped ? .either(groups.joined(), decimal) : .number(decimal)
            }
            return grouped && (separators.count > 1 || groupSeparators.contains(mark)) ? .number(groups.joined()) : nil
        }
        let whole = groups.dropLast()
        guard mark == "." || mark == ",", Set(separators.dropLast()).count == 1, !separators.dropLast().contains(mark),
              whole[0].count <= 3, whole.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        return .number(whole.joined() + "." + groups[groups.count - 1])
    }

    /// Separators of digit groups other than `.` and `,`: spaces (also no-break and thin), `'`, `_`.
    private static let groupSeparators: Set<Character> = [" ", "\u{A0}", "\u{202F}", "\u{2009}", "'", "_"]

    /// The ISO code `mark` names: three letters that are one, or the likeliest of a symbol's
    /// (``CurrencyMark``, the one table of them).
    private static func currencyCode(_ mark: String) -> String? {
        CurrencyMark.codes(for: mark).first
    }
}
