import Foundation

/// Refusals of an id the client chose for a new member, expense or payment.
///
/// Offline-first clients choose ids so that a resent create is recognised. Resending the same
/// item is fine; the same id for anything else is one of these, and the client must choose a
/// new id (or, for ``deleted``, accept that the item is gone).
enum ClientIDError: DomainError, Equatable {
    /// The id belonged to an item of this `kind` ("member", "payment", "expense") that was deleted.
    case deleted(kind: String, id: UUID)
    /// The id is another item's of the same `kind` ("member", "payment").
    case taken(kind: String, id: UUID)
    /// The expense id is an expense with other content.
    case expenseWithOtherContent(UUID)
    /// The expense id is an expense of another group.
    case expenseInAnotherGroup(UUID)
    /// The expense id is one payer's row of another expense several members paid.
    case payerRow(UUID)

    var kind: RefusalKind { .conflict }

    var message: String {
        switch self {
        case .deleted(let kind, let id):
            let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            return "\(kind) id \(Self.lower(id)) belonged to \(article) \(kind) that was deleted; choose a new id"
        case .taken(let kind, let id):
            return "\(kind) id \(Self.lower(id)) is already used for another \(kind)"
        case .expenseWithOtherContent(let id):
            return "expense id \(Self.lower(id)) is already used for an expense with other content"
        case .expenseInAnotherGroup(let id):
            return "expense id \(Self.lower(id)) is already used in another group"
        case .payerRow(let id):
            return "expense id \(Self.lower(id)) is already used for one payer's row of another expense"
        }
    }

    private static func lower(_ id: UUID) -> String { id.uuidString.lowercased() }
}
