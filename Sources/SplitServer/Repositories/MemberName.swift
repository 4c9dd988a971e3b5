import SplitCore

/// Finds the member a person means by a name (a join's `memberName`), or says in one line
/// why none is meant.
///
/// The exact name first, then the name ignoring case: split keeps names unique ignoring case,
/// but a group the Node server or the iOS app wrote may hold `Alex` twice, or `Alex` and
/// `ALEX`, and then a name cannot pick one.
enum MemberName {
    /// How many names a refusal lists before it says how many more there are.
    static let shownNames = 20

    static func match(_ name: String, among members: [MemberRecord], group: String) throws(APIError) -> MemberRecord {
        let exact = members.filter { $0.name == name }
        if exact.count == 1 { return exact[0] }
        let shown = "'" + TextRules.excerpt(name) + "'"
        guard exact.isEmpty else {
            throw .badRequest("several members of \(group) are called \(shown); join without memberName, then claim one by its id")
        }
        let key = name.lowercased()
        let folded = members.filter { $0.name.lowercased() == key }
        if folded.count == 1 { return folded[0] }
        guard folded.isEmpty else {
            throw .badRequest("several members of \(group) are called \(shown) ignoring case (\(list(folded))); "
                + "give the name exactly as written")
        }
        guard !members.isEmpty else { throw .badRequest("no member named \(shown) in \(group); it has no members yet") }
        throw .badRequest("no member named \(shown) in \(group); its members are \(list(members))")
    }

    /// The names in order (ignoring case), at most ``shownNames`` of them.
    static func list(_ members: [MemberRecord]) -> String {
        let names = members.map(\.name).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let head = names.prefix(shownNames).joined(separator: ", ")
        return names.count > shownNames ? "\(head) and \(names.count - shownNames) more" : head
    }
}
