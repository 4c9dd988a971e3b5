import SplitCore

/// Names from another app (ihatemoney, Spliit, Cospend, a mapped CSV) as split member names.
///
/// Those apps take any name; split refuses `,` and `=` in member names, as they separate names
/// and values on its command line (``NameRules/member(_:)``). So a comma becomes a space and an
/// `=` is dropped (`Smith, John` → `Smith John`, `=Bob` → `Bob`), spaces collapsed; a name that
/// then matches another (case-insensitively) or is empty gets the next free ` 2`, ` 3`, ….
/// Every rename is reported. Members' sources keep the name as the file wrote it, so a second
/// import finds them again.
enum MemberNames {
    /// Split names for `names` (each once, in order), and one warning line if any changed.
    static func splitNames(_ names: [String]) -> (names: [String: String], warning: String?) {
        var taken = Set(names.filter { (try? NameRules.member($0)) != nil }.map { $0.lowercased() })
        var result: [String: String] = [:]
        var renamed: [String] = []
        for name in names {
            if (try? NameRules.member(name)) != nil {
                result[name] = name
                continue
            }
            let cleaned = name.map { $0 == "," ? " " : String($0) }.joined().replacingOccurrences(of: "=", with: "")
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            var candidate = cleaned.isEmpty ? "Member" : cleaned
            var counter = 2
            while taken.contains(candidate.lowercased()) || (try? NameRules.member(candidate)) == nil {
                candidate = "\(cleaned.isEmpty ? "Member" : cleaned) \(counter)"
                counter += 1
                if counter > 10_000 { break }
            }
            taken.insert(candidate.lowercased())
            result[name] = candidate
            renamed.append("'\(name)' → '\(candidate)'")
        }
        guard !renamed.isEmpty else { return (result, nil) }
        return (result, "split member names cannot hold ',' or '=' (they separate names on its command line); renamed: "
                + renamed.joined(separator: ", "))
    }
}
