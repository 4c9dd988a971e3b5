/// How far apart two words are, for "did you mean …?": the optimal string alignment distance
/// (Levenshtein plus swapping two neighbours, the commonest typo: `settel` is one step from
/// `settle`). The one measure split uses, for command names as for the words of a date.
public enum EditDistance {
    public static func between(_ a: [Character], _ b: [Character]) -> Int {
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

    /// The most steps a typo of a word of `length` letters may be from the word: one for words
    /// of up to four letters, two for longer ones. Anything further is more likely another word
    /// than a typo of this one, and a wrong suggestion is worse than none.
    public static func allowed(forLength length: Int) -> Int { length <= 4 ? 1 : 2 }
}
