import Foundation
import SplitCore

/// Refusals about an expense, its shares and who may change it.
enum ExpenseError: DomainError, Equatable {
    /// The group has no live expense with this id.
    case notFound(expense: UUID)
    /// The expense has no share (split) with this id.
    case splitNotFound(split: UUID)
    /// An edit or delete addressed a payer's row of the legacy listing, not an expense of its own.
    case payerRow(UUID, of: UUID)
    /// The caller is not the expense's creator, the group owner or an admin; `action` is "edit" or "delete".
    case notEditor(action: String)
    /// A paid mark named a member who has no share in the expense.
    case noShare(member: UUID, expense: UUID)
    /// A paid mark named neither a split nor a member.
    case shareUnnamed
    /// The split as given (`splitGiven`) names someone who is not a member of the group.
    case splitGivenMember(UUID)
    /// The split as given is no valid rule for the amount, or does not give the expense's
    /// splits (SplitCore's ``SplitCore/SplitRule/check(gives:amount:)`` said why).
    case splitGivenMismatch(SplitError)

    var kind: RefusalKind {
        switch self {
        case .notFound, .splitNotFound: .notFound
        case .payerRow: .conflict
        case .notEditor: .forbidden
        case .noShare, .shareUnnamed, .splitGivenMember, .splitGivenMismatch: .invalid
        }
    }

    var message: String {
        switch self {
        case .notFound(let expense):
            "expense \(expense.uuidString.lowercased()) not found"
        case .splitNotFound(let split):
            "expense split \(split.uuidString.lowercased()) not found"
        case .payerRow(let row, let expense):
            "expense row \(row.uuidString.lowercased()) is one payer's part of expense \(expense.uuidString.lowercased()), "
                + "which several members paid; change that expense"
        case .notEditor(let action):
            "only the expense's creator, the group owner or an admin may \(action) it"
        case .noShare(let member, let expense):
            "member \(member.uuidString.lowercased()) has no share in expense \(expense.uuidString.lowercased())"
        case .shareUnnamed:
            "name the share by its split id or its member"
        case .splitGivenMember(let member):
            "splitGiven: member \(member.uuidString.lowercased()) is not a member of this group"
        case .splitGivenMismatch(let error):
            "splitGiven: \(error.description)"
        }
    }
}
