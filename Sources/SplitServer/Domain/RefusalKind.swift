/// The sort of a ``DomainError``, in the domain's terms.
///
/// Every kind but ``unavailable`` refuses the operation itself: sending it again unchanged gets
/// the same answer. The batch sync records those as the op's `rejected` result and goes on
/// with the next op; an ``unavailable`` failure is not the op's fault and fails the batch,
/// which the client retries.
enum RefusalKind: Sendable, Hashable {
    /// What the request names does not exist (or not in this group).
    case notFound
    /// The caller may use the group but may not do this (only the owner deletes a trip).
    case forbidden
    /// The caller's token or account is not, or no longer, valid.
    case unauthenticated
    /// The request breaks a rule of the data: a member of another group, a name that picks nobody.
    case invalid
    /// The request clashes with what is stored: a taken id or name, a member still in use.
    case conflict
    /// The server could not do it this time, through no fault of the request; retrying may work.
    case unavailable

    /// Whether the operation itself is refused (as opposed to the server being unable right now).
    var refusesOperation: Bool { self != .unavailable }
}
