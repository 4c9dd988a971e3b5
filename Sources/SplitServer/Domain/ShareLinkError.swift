/// Refusals about a group's read-only link (`split share`).
enum ShareLinkError: DomainError, Equatable {
    /// The group has no link to show or revoke.
    case noLink
    /// The group already has a link. The server keeps only its hash, so it cannot hand the
    /// link out again; revoking it and sharing anew gives a new one.
    case alreadyShared
    /// No live link has this token: never made, or revoked. One case for both, so the page
    /// answers them alike.
    case unknownLink

    var kind: RefusalKind {
        switch self {
        case .noLink, .unknownLink: .notFound
        case .alreadyShared: .conflict
        }
    }

    var message: String {
        switch self {
        case .noLink: "the group has no read-only link"
        case .alreadyShared: "the group already has a read-only link; revoke it to make a new one"
        case .unknownLink: "no such link"
        }
    }
}
