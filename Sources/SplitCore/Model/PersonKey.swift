/// When two names are the same person: the rule `split friends` and `config set me.name` use
/// to match members of different trips, where no account says who is who.
///
/// The key is ``Member/key(for:)`` (the case folding a trip's unique names use) of the trimmed
/// name, with accents folded away: `  José ` and `jose` are one person across trips. Within a
/// trip nothing changes: `José` and `Jose` stay two members there, as the trip's own names are
/// unique only by case (`name_key`).
///
/// Folding is pure Swift (no Foundation, no locale), so it gives the same key everywhere:
/// - a combining mark (U+0300–U+036F and the other combining diacritical blocks) is dropped,
///   so a decomposed `e` + U+0301 is `e`;
/// - a precomposed Latin, Greek or Cyrillic letter whose Unicode name reads `X WITH …` becomes
///   letter `X`: `é` → `e`, `Ñ` → `N`, `ø` → `o`, `ł` → `l`, `ά` → `α`, `ệ` → `e`.
///
/// Other characters are kept as they are (`ß`, `æ`, `ё`, CJK), which never merges names that
/// differ by more than a mark.
public enum PersonKey {
    /// The key of `name`: trimmed, case-folded, accents removed.
    public static func of(_ name: String) -> String {
        fold(Member.key(for: name.trimmingSpaces))
    }

    /// The one member of `members` whose name is `name` by this rule, or nil when none is, or
    /// several are and no single one matches case-insensitively with its accents.
    public static func member(named name: String, in members: [Member]) -> Member? {
        let key = of(name)
        let matches = members.filter { of($0.name) == key }
        if matches.count <= 1 { return matches.first }
        let exact = matches.filter { $0.nameKey == Member.key(for: name.trimmingSpaces) }
        return exact.count == 1 ? exact[0] : nil
    }

    /// `text` with its accents folded (see the type's comment).
    static func fold(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy(\.isASCII) { return text }
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.append(scalar)
            } else if !isCombiningDiacritic(scalar) {
                folded.append(base(of: scalar) ?? scalar)
            }
        }
        return String(folded)
    }

    static func isCombiningDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        combiningBlocks.contains { $0.contains(scalar.value) }
    }

    private static let combiningBlocks: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// The plain letter `scalar` is written on (`é` → `e`), or nil when it is not a letter with
    /// a mark.
    static func base(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let name = scalar.properties.name, let with = name.firstRange(of: " WITH ") else { return nil }
        return plainLetters[String(name[..<with.lowerBound])]
    }

    /// Plain Latin, Greek and Cyrillic letters by Unicode name, built once.
    private static let plainLetters: [String: Unicode.Scalar] = {
        var letters: [String: Unicode.Scalar] = [:]
        let ranges: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF]
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name,
                  name.firstRange(of: " WITH ") == nil else { continue }
            letters[name] = scalar
        }
        return letters
    }()
}
