/// Which text may be cut inside a word on the page. The page never breaks an ordinary word
/// (`Grocer/ies` is how a squeezed table read), but a word wider than its column, such as a
/// pasted URL or a name typed without spaces, must wrap somewhere or push the page wider than
/// a phone. Such text gets a class that lets it wrap anywhere; everything else wraps only
/// between words.
enum LongWords {
    /// Characters of the longest word that always fits a column at the page's narrowest.
    static let longest = 18

    /// `text` has a word of more than ``longest`` characters.
    static func has(_ text: String) -> Bool {
        var run = 0
        for character in text {
            if character == " " || character == "\n" || character == "-" {
                run = 0
            } else {
                run += 1
                if run > longest { return true }
            }
        }
        return false
    }
}
