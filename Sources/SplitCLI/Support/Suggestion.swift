/// The nearest of some known words to one a person typed, for "did you mean …?".
///
/// Distance is the optimal string alignment distance (Levenshtein plus swapping two neighbours,
/// the commonest typo: `settel` is one step from `settle`), ignoring case and leading dashes. A
/// word is only suggested when it is close: at most one step for words of up to four letters,
/// two for longer ones. Anything further is more likely another word than a typo of this one,
/// and a wrong suggestion is worse than none.
enum Suggestion {
    /// The closest candidate, or nil when none is close enough. Ties go to the earlier one.
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let word = key(typed)
        let allowed = word.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = self.distance(word, key(candidate))
            if distance <= allowed, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance between two words.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }

    private static func key(_ word: String) -> [Character] {
        Array(word.drop { $0 == "-" }.lowercased())
    }
}
