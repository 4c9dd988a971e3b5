/// The one rule for comparing text the way people type it: without case and without accents,
/// so `cafe`, `Café` and `CAFÉ` are the same (`expenses --search`, an expense named by its
/// description).
///
/// SplitCore has no Foundation, so there is no normalization to call. Folding lowercases, drops
/// combining marks (text typed decomposed, `e` + U+0301), and maps the precomposed Latin letters
/// of Latin-1 and Latin Extended-A/B to their base letter, which covers the accents of the
/// languages written in Latin script. Letters that are not an accented form (`ß`, `æ`) stay;
/// the stroked `ø`, `ł`, `đ`, `ħ` fold too, as people type them without the stroke.
public enum TextFold {
    /// `text` lowercased and without accents: `Crème Brûlée` is `creme brulee`.
    public static func fold(_ text: String) -> String {
        let lowered = text.lowercased()
        guard !lowered.utf8.allSatisfy({ $0 < 0x80 }) else { return lowered }
        var scalars = String.UnicodeScalarView()
        for scalar in lowered.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            scalars.append(base[scalar] ?? scalar)
        }
        return String(scalars)
    }

    /// Whether `text` contains `folded` (already ``fold(_:)``-ed), ignoring case and accents.
    public static func contains(_ text: String, folded: String) -> Bool {
        folded.isEmpty || fold(text).contains(folded)
    }

    /// Each accented lowercase letter, by its base letter.
    private static let base: [Unicode.Scalar: Unicode.Scalar] = {
        let groups: [(Unicode.Scalar, String)] = [
            ("a", "àáâãäåāăąǎǟǡǻȁȃȧ"), ("c", "çćĉċč"), ("d", "ďđ"), ("e", "èéêëēĕėęěȅȇȩ"),
            ("g", "ĝğġģǧǵ"), ("h", "ĥȟħ"), ("i", "ìíîïĩīĭįǐȉȋ"), ("j", "ĵǰ"), ("k", "ķǩ"), ("l", "ĺļľł"),
            ("n", "ñńņňǹ"), ("o", "òóôõöōŏőơǒǫǭȍȏȫȭȯȱø"), ("r", "ŕŗřȑȓ"), ("s", "śŝşšș"), ("t", "ţťț"),
            ("u", "ùúûüũūŭůűųưǔǖǘǚǜȕȗ"), ("w", "ŵ"), ("y", "ýÿŷȳ"), ("z", "źżž"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (letter, accented) in groups {
            for scalar in accented.unicodeScalars { table[scalar] = letter }
        }
        return table
    }()
}
