/// A refusal by a repository or by ``GroupWriter``: the rules of the stored data said no.
///
/// The data layer says *what* went wrong in the domain's words (no such member, the name is
/// taken, the caller may not delete the trip) and never *how to answer it*: the HTTP status is
/// chosen once, at the edge, by ``APIError/init(_:)``, from ``kind``. Each area has its own
/// `enum` with associated values (``GroupError``, ``MemberError``, ``ExpenseError``,
/// ``SettlementPaymentError``, ``RateError``, ``AccountError``, ``ClientIDError``), so a caller can match the
/// one case it cares about, as the batch sync does for a taken member name.
protocol DomainError: Error, Sendable, CustomStringConvertible {
    /// What sort of refusal this is: all the edge needs to pick a status, and all the batch
    /// sync needs to tell a refused op from a failed batch.
    var kind: RefusalKind { get }
    /// One line a person can act on; clients show it as it is.
    var message: String { get }
}

extension DomainError {
    var description: String { message }
}
