import Foundation
import SplitCore

/// Refusals about the people of a trip: finding one, naming one, removing one, claiming one.
enum MemberError: DomainError, Equatable {
    /// The group has no member with this id.
    case notFound(member: UUID)
    /// A change names someone who is not a member of this group (a payer, a share, a payment's side).
    case notInGroup(member: UUID)
    /// Another member of the group already has this name, ignoring case; `existing` is theirs as stored.
    case nameTaken(existing: String)
    /// The member still appears in live expenses or payments, so removing them would change totals.
    case inUse(name: String, expenses: Int64, payments: Int64, exchanges: Int64 = 0)
    /// Another account has claimed the member the caller wants to claim.
    case claimedByOther(name: String)
    /// The caller tried to release a member another account has claimed.
    case releaseOfOthersClaim(name: String)
    /// A join's `memberName` matches several members exactly (`group` is the trip's name).
    case nameMatchesSeveral(name: String, group: String)
    /// A join's `memberName` matches no member exactly but several ignoring case; `matches` are their names.
    case nameMatchesSeveralIgnoringCase(name: String, group: String, matches: [String])
    /// A join's `memberName` matches nobody; `members` are the names the group has.
    case noMemberNamed(name: String, group: String, members: [String])

    var kind: RefusalKind {
        switch self {
        case .notFound: .notFound
        case .notInGroup, .nameMatchesSeveral, .nameMatchesSeveralIgnoringCase, .noMemberNamed: .invalid
        case .nameTaken, .inUse, .claimedByOther, .releaseOfOthersClaim: .conflict
        }
    }

    var message: String {
        switch self {
        case .notFound(let member):
            return "member \(member.uuidString.lowercased()) not found in this group"
        case .notInGroup(let member):
            return "member \(member.uuidString.lowercased()) is not a member of this group"
        case .nameTaken(let existing):
            return "a member named '\(existing)' already exists in this group; names are unique (case-insensitive)"
        case .inUse(let name, let expenses, let payments, let exchanges):
            var uses: [String] = []
            if expenses > 0 { uses.append("\(expenses) expense\(expenses == 1 ? "" : "s")") }
            if payments > 0 { uses.append("\(payments) payment\(payments == 1 ? "" : "s")") }
            if exchanges > 0 { uses.append("\(exchanges) currency exchange\(exchanges == 1 ? "" : "s")") }
            return "cannot remove \(name): they appear in \(uses.joined(separator: " and ")); delete or edit those first"
        case .claimedByOther(let name):
            return "\(name) is already claimed by another account"
        case .releaseOfOthersClaim(let name):
            return "\(name) is claimed by another account; only that account may release it"
        case .nameMatchesSeveral(let name, let group):
            return "several members of \(group) are called \(Self.shown(name)); join without memberName, then claim one by its id"
        case .nameMatchesSeveralIgnoringCase(let name, let group, let matches):
            return "several members of \(group) are called \(Self.shown(name)) ignoring case (\(Self.list(matches))); "
                + "give the name exactly as written"
        case .noMemberNamed(let name, let group, let members):
            guard !members.isEmpty else { return "no member named \(Self.shown(name)) in \(group); it has no members yet" }
            return "no member named \(Self.shown(name)) in \(group); its members are \(Self.list(members))"
        }
    }

    /// How many names a refusal lists before it says how many more there are.
    static let shownNames = 20

    /// The names in order (ignoring case), at most ``shownNames`` of them.
    static func list(_ names: [String]) -> String {
        let names = names.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        let head = names.prefix(shownNames).joined(separator: ", ")
        return names.count > shownNames ? "\(head) and \(names.count - shownNames) more" : head
    }

    /// A name as a refusal quotes it: cut to an excerpt, in single quotes.
    private static func shown(_ name: String) -> String { "'" + TextRules.excerpt(name) + "'" }
}
