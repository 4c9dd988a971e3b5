/// Names that another app joined into one field with commas (Cospend's and ihatemoney's
/// `owers`), split again where a name itself holds a comma.
///
/// Pieces between commas are joined back, longest run first, wherever together (as written,
/// trimmed) they spell a name the file knows for sure (its members section, its payers); other
/// pieces are names of their own.
enum NameList {
    static func split(_ field: String, known: Set<String>) -> [String] {
        let pieces = field.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if pieces.count == 1 && pieces[0].trimmingSpaces.isEmpty { return [] }
        var result: [String] = []
        var start = 0
        while start < pieces.count {
            var end = start
            for candidate in stride(from: pieces.count - 1, to: start, by: -1)
            where known.contains(pieces[start ... candidate].joined(separator: ",").trimmingSpaces) {
                end = candidate
                break
            }
            result.append(pieces[start ... end].joined(separator: ",").trimmingSpaces)
            start = end + 1
        }
        return result
    }
}
