/// Finds the member a person means by a name (a join's `memberName`), or throws the
/// ``MemberError`` that says why none is meant.
///
/// The exact name first, then the name ignoring case: split keeps names unique ignoring case,
/// but a group the Node server or the iOS app wrote may hold `Alex` twice, or `Alex` and
/// `ALEX`, and then a name cannot pick one.
enum MemberName {
    static func match(_ name: String, among members: [MemberRecord], group: String) throws(MemberError) -> MemberRecord {
        let exact = members.filter { $0.name == name }
        if exact.count == 1 { return exact[0] }
        guard exact.isEmpty else { throw .nameMatchesSeveral(name: name, group: group) }
        let key = name.lowercased()
        let folded = members.filter { $0.name.lowercased() == key }
        if folded.count == 1 { return folded[0] }
        guard folded.isEmpty else {
            throw .nameMatchesSeveralIgnoringCase(name: name, group: group, matches: folded.map(\.name))
        }
        throw .noMemberNamed(name: name, group: group, members: members.map(\.name))
    }
}
