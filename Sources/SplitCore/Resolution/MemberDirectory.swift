/// Finds members by what a person types: a name (any case), a unique name prefix, or an id
/// or unique id prefix of at least 6 characters, as git does for commits.
public struct MemberDirectory: Sendable {
    public let members: [Member]
    private let byID: [MemberID: Member]
    /// Position of each member in name order (case-insensitive, then id).
    private let rank: [MemberID: Int]

    /// When members moved out (`member leave`): the first day they are no longer in an
    /// expense's default split. Members who never left are not in it.
    public let departures: [MemberID: CivilDate]

    public init(_ members: [Member], departures: [MemberID: CivilDate] = [:]) {
        self.members = members
        self.departures = departures
        var byID: [MemberID: Member] = [:]
        for member in members { byID[member.id] = member }
        self.byID = byID
        let ordered = members.map { ($0.nameKey, $0.id) }.sorted { $0 < $1 }
        var rank: [MemberID: Int] = [:]
        for (index, entry) in ordered.enumerated() { rank[entry.1] = index }
        self.rank = rank
    }

    /// `ids` in name order (case-insensitive, then id); unknown ids last, by id. This is the
    /// order splits are allocated and listed in, so remainder tie-breaks are stable.
    public func sortedByName(_ ids: [MemberID]) -> [MemberID] {
        ids.sorted(by: inNameOrder)
    }

    /// True when `lhs` comes before `rhs` in name order.
    public func inNameOrder(_ lhs: MemberID, _ rhs: MemberID) -> Bool {
        let (l, r) = (rank[lhs] ?? Int.max, rank[rhs] ?? Int.max)
        return l != r ? l < r : lhs < rhs
    }

    public func member(id: MemberID) -> Member? { byID[id] }

    /// True when `id` moved out on or before `date`: an expense of that day leaves them out of
    /// its default split (``present(on:)``).
    public func hasLeft(_ id: MemberID, by date: CivilDate) -> Bool {
        departures[id].map { $0 <= date } ?? false
    }

    /// The members still living here on `date`: an expense's "everyone".
    public func present(on date: CivilDate) -> [Member] {
        members.filter { !hasLeft($0.id, by: date) }
    }

    /// The member's position in name order; nil for an id the directory does not hold.
    public func rank(of id: MemberID) -> Int? { rank[id] }

    /// The display name for an id, or the short id when the member is unknown.
    public func name(of id: MemberID) -> String { byID[id]?.name ?? id.short }

    /// Resolution order: exact name (case-insensitive), then exact id, then id prefix (≥ 6
    /// characters), then name prefix. Unknown and ambiguous references list the candidates.
    ///
    /// Another client may have given two members one name (the Node server allows `Alex`
    /// twice, and `bea` beside `Bea`): the one spelled exactly so wins, else the reference is
    /// ambiguous and the candidates are listed with the ids that tell them apart.
    public func resolve(_ reference: String) throws(ResolutionError) -> Member {
        let trimmed = reference.trimmingSpaces
        let key = Member.key(for: trimmed)
        let sameName = members.filter { $0.nameKey == key }
        if sameName.count == 1 { return sameName[0] }
        if sameName.count > 1 {
            let exact = sameName.filter { $0.name == trimmed }
            if exact.count == 1 { return exact[0] }
            throw .ambiguous(what: "member", reference: trimmed,
                             matches: sameName.map { "\($0.name) (id \($0.id.short))" }.sorted())
        }
        let lowered = trimmed.lowercased()
        if let byExactID = byID[MemberID(lowered)] { return byExactID }
        if lowered.count >= 6 {
            let idMatches = members.filter { $0.id.rawValue.hasPrefix(lowered) }
            if idMatches.count == 1 { return idMatches[0] }
            if idMatches.count > 1 {
                throw .ambiguous(what: "member", reference: trimmed, matches: idMatches.map(\.name).sorted())
            }
        }
        let nameMatches = key.isEmpty ? [] : members.filter { $0.nameKey.hasPrefix(key) }
        if nameMatches.count == 1 { return nameMatches[0] }
        if nameMatches.count > 1 {
            throw .ambiguous(what: "member", reference: trimmed, matches: nameMatches.map(\.name).sorted())
        }
        throw .unknown(what: "member", reference: trimmed, candidates: members.map(\.name).sorted {
            $0.lowercased() < $1.lowercased()
        })
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines (no Foundation).
    public var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return String(self[start...end])
    }
}
