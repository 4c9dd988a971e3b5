/// An `If-Match` (or a sync op's `ifMatch`) named a revision the item no longer has, or the
/// item is gone. Nothing was written; ``current`` is the item as the change feed shows it now,
/// so the client can merge without another request.
///
/// Single routes answer it as 412; the batch sync records it as a `conflict` result.
struct StaleRevision: Error, Sendable {
    let current: ChangeItem
    let expected: Int64

    var message: String {
        let (kind, revision) = current.kindAndRevision
        if current.isDeleted {
            return "the \(kind) was deleted at revision \(revision); nothing was written"
        }
        return "the \(kind) changed since revision \(expected) (it is at revision \(revision) now); nothing was written"
    }
}
