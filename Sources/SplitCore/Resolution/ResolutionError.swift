/// A name or id that did not pick out exactly one thing. Messages list the candidates.
public enum ResolutionError: Error, Equatable, Sendable, UserFacingError {
    case unknown(what: String, reference: String, candidates: [String])
    case ambiguous(what: String, reference: String, matches: [String])
    case tooShortPrefix(what: String, reference: String)
    /// An expense or payment reference that matches several: `candidates` come from
    /// ``ItemReference/list(_:total:)`` and may hold commas, so they are set apart by `;`.
    case ambiguousItem(what: String, reference: String, candidates: [String])

    public var message: String {
        switch self {
        case .unknown(let what, let reference, let candidates):
            let list = candidates.isEmpty ? "there are none yet" : "choose one of: " + candidates.joined(separator: ", ")
            return "no \(what) '\(reference)'; \(list)"
        case .ambiguous(let what, let reference, let matches):
            return "\(what) '\(reference)' is ambiguous; it matches " + matches.joined(separator: ", ")
        case .tooShortPrefix(let what, let reference):
            return "\(what) id '\(reference)' is too short; give at least \(ItemReference.minimumPrefix) characters of the id"
        case .ambiguousItem(let what, let reference, let candidates):
            return "\(what) '\(reference)' is ambiguous; it matches " + candidates.joined(separator: "; ")
                + "; give more of the id"
        }
    }

    public var kind: FailureKind { .notFound }
}
