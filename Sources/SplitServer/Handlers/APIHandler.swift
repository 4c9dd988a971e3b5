import Foundation
import SplitAPI
import SplitCore
import SplitJSON

/// split-server's implementation of the generated `APIProtocol`: one method per operation of
/// `openapi.yaml`, grouped by area in the `APIHandler+*.swift` files.
///
/// Handlers validate with ``WireInput`` and ``ExpenseDraft``, check access through
/// ``GroupRepository/access(group:user:)``, and throw ``APIError`` for every refusal;
/// ``JSONErrorMiddleware`` turns those into responses.
struct APIHandler: APIProtocol {
    let services: ServerServices
    /// The configured port, which `/health` reports as a string like the Node server.
    let port: Int

    /// The caller, after checking they may use `groupId`.
    func member(of groupId: String) async throws -> (AuthenticatedUser, UUID) {
        let (user, group, _) = try await access(groupId)
        return (user, group)
    }

    /// The caller and the group's revision (its ETag), after checking they may use `groupId`.
    func access(_ groupId: String) async throws -> (AuthenticatedUser, UUID, Int64) {
        guard let credential = AuthenticatedUser.credential else { throw AuthenticatedUser.Credential.refused }
        let group = try WireInput.uuid(groupId, field: "groupId")
        let revision = try await services.groups.access(group: group, credential: credential, now: services.dependencies.now())
        RevisionHeaderMiddleware.slot?.set(revision)
        return (try await credential.resolve(), group, revision)
    }
}

/// Mapping stored records to the generated wire types.
extension APIHandler {
    static func lower(_ id: UUID) -> String { id.uuidString.lowercased() }

    static func wire(_ group: GroupRecord) -> Components.Schemas.Group {
        .init(id: lower(group.id), name: group.name, description: group.description, ownerId: lower(group.ownerID),
              inviteCode: group.inviteCode, isActive: group.isActive)
    }

    static func wire(_ member: MemberRecord) -> Components.Schemas.Member {
        .init(id: lower(member.id), groupId: lower(member.groupID), userId: member.userID.map(lower),
              name: member.name, createdAt: member.createdAt)
    }

    /// The whole expense (a PUT's answer): its amount, lead payer, full splits, its split as
    /// given when one is kept and, when several members paid it, `payers`.
    static func wire(_ expense: ExpenseRecord) -> Components.Schemas.Expense {
        let whole = LegacyRow(id: expense.id, amount: expense.amount.minorUnits, paidBy: expense.paidBy,
                              splits: expense.splits, partOf: nil)
        var answer = wire(whole, of: expense)
        answer.payers = payers(expense)
        return answer
    }

    /// The expense as the listing shows it: one row, or one per payer (``LegacyRow``), each
    /// with the whole expense's split as given.
    static func wireRows(_ expense: ExpenseRecord) -> [Components.Schemas.Expense] {
        LegacyRow.rows(of: expense).map { row in
            var answer = wire(row, of: expense)
            if row.partOf != nil { answer.payers = payers(expense) }
            return answer
        }
    }

    private static func wire(_ row: LegacyRow, of expense: ExpenseRecord) -> Components.Schemas.Expense {
        let currency = expense.amount.currency
        return .init(
            id: lower(row.id), groupId: lower(expense.groupID), description: expense.description,
            amount: WireAmount.number(row.amount, currency), currency: currency.code,
            category: expense.category, paidByMemberId: lower(row.paidBy),
            expenseDate: WireDate.midnightTimestamp(expense.date), createdAt: expense.createdAt,
            splits: row.splits.map { split in
                .init(id: lower(split.id), memberId: lower(split.memberID),
                      amount: WireAmount.number(split.amount, currency), isPaid: split.isPaid)
            },
            partOf: row.partOf.map(lower),
            splitGiven: expense.splitGiven.map { StoredSplitGiven.wire($0, currency: currency) })
    }

    /// `payers` of an expense several members paid; nil (left out) when one did.
    static func payers(_ expense: ExpenseRecord) -> [Components.Schemas.ExpensePayer]? {
        guard expense.hasSeveralPayers else { return nil }
        return expense.payers.map { .init(memberId: lower($0.memberID), amount: WireAmount.number($0.amount, expense.amount.currency)) }
    }

    static func wire(_ payment: PaymentRecord) -> Components.Schemas.Payment {
        .init(id: lower(payment.id), groupId: lower(payment.groupID), fromMemberId: lower(payment.from),
              toMemberId: lower(payment.to), amount: WireAmount.number(payment.amount.minorUnits, payment.amount.currency),
              currency: payment.amount.currency.code, note: payment.note, paymentDate: payment.date.description,
              createdAt: payment.createdAt)
    }

    static func wire(_ account: UserRepository.Account) -> Components.Schemas.User {
        .init(id: lower(account.id), email: account.email, phone: account.phone, displayName: account.displayName)
    }
}
