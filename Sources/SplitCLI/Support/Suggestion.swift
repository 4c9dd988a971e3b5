import SplitCore

/// The nearest of some known words to one a person typed, for "did you mean …?".
///
/// Distance is SplitCore's ``EditDistance``, ignoring case and leading dashes, and a word is
/// only suggested when it is as close as ``EditDistance/allowed(forLength:)`` says.
enum Suggestion {
    /// The closest candidate, or nil when none is close enough. Ties go to the earlier one.
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let word = key(typed)
        let allowed = EditDistance.allowed(forLength: word.count)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = self.distance(word, key(candidate))
            if distance <= allowed, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance between two words (SplitCore's ``EditDistance``).
    static func distance(_ a: [Character], _ b: [Character]) -> Int { EditDistance.between(a, b) }

    private static func key(_ word: String) -> [Character] {
        Array(word.drop { $0 == "-" }.lowercased())
    }
}
