import HTTPTypes

extension APIError {
    /// The answer to a ``DomainError``: the one place a repository's refusal gets an HTTP status.
    ///
    /// The message is the domain's own, word for word; only the status is chosen here.
    ///
    /// ```swift
    /// APIError(MemberError.notFound(member: id))   // 404 "member … not found in this group"
    /// ```
    init(_ refusal: any DomainError) {
        self.init(status: Self.status(of: refusal.kind), message: refusal.message)
    }

    /// The status of each sort of refusal.
    static func status(of kind: RefusalKind) -> HTTPResponse.Status {
        switch kind {
        case .notFound: .notFound
        case .forbidden: .forbidden
        case .unauthenticated: .unauthorized
        case .invalid: .badRequest
        case .conflict: .conflict
        case .unavailable: .serviceUnavailable
        }
    }
}
