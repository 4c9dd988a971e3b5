import Foundation
import Hummingbird
import SplitCore
import SplitJSON

/// `GET /api/groups/:groupId/expenses`, served outside the generated handlers for speed.
///
/// It is the route clients call most and the largest answer (a 1,000-expense group is about
/// 300 KB), so the serialized body is cached per group revision (``ExpenseListCache``): a repeat
/// costs one query, the access check that also reads the revision. Otherwise three queries load
/// the expenses, all their splits and the payers of those several members paid, whatever their
/// number. An expense k members paid is listed as its k ``LegacyRow``s, so clients that know
/// only `paidByMemberId` compute split's balances. The JSON is written by SplitCore's exact
/// writer and has the shape of `ExpenseList` in `openapi.yaml`; a test decodes it with the
/// generated client types.
struct ExpenseListRoute: Sendable {
    static let operationPath = "GET /api/groups/{groupId}/expenses"

    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.get("/api/groups/:groupId/expenses") { request, context in
            try await respond(groupID: context.parameters.get("groupId") ?? "",
                              ifNoneMatch: request.headers[.ifNoneMatch])
        }
    }

    func respond(groupID text: String, ifNoneMatch: String? = nil) async throws -> Response {
        guard let credential = AuthenticatedUser.credential else { throw AuthenticatedUser.Credential.refused }
        let group = try WireInput.uuid(text, field: "groupId")
        let revision = try await services.groups.access(group: group, credential: credential, now: services.dependencies.now())
        RevisionHeaderMiddleware.slot?.set(revision)
        if RevisionTag.matches(ifNoneMatch: ifNoneMatch, revision: revision) { return Response(status: .notModified) }
        let body: ByteBuffer
        if let cached = services.expenseCache.body(group: group, revision: revision) {
            body = cached
        } else {
            let expenses = try await services.expenses.list(group: group)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256 + expenses.count * 320)
            Self.json(expenses).write(to: &bytes)
            body = ByteBuffer(bytes: bytes)
            services.expenseCache.store(body, group: group, revision: revision)
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: body))
    }

    /// The listing: each expense as its ``LegacyRow``s, so an expense several members paid is
    /// one row per payer, each with `partOf`, the whole `payers` list and the whole expense's
    /// `splitGiven`.
    static func json(_ expenses: [ExpenseRecord]) -> JSONValue {
        var rows: [JSONValue] = []
        rows.reserveCapacity(expenses.count)
        for expense in expenses {
            for row in LegacyRow.rows(of: expense) { rows.append(json(row, of: expense)) }
        }
        return .object(["expenses": .array(rows)])
    }

    static func json(_ row: LegacyRow, of expense: ExpenseRecord) -> JSONValue {
        let currency = expense.amount.currency
        func number(_ minor: Int64) -> JSONValue { .number(DecimalText.major(minor, exponent: currency.exponent)) }
        var members: [JSONMember] = [
            JSONMember("id", .string(lower(row.id))),
            JSONMember("groupId", .string(lower(expense.groupID))),
            JSONMember("description", .string(expense.description)),
            JSONMember("amount", number(row.amount)),
            JSONMember("currency", .string(currency.code)),
            JSONMember("category", .string(expense.category)),
            JSONMember("paidByMemberId", .string(lower(row.paidBy))),
            JSONMember("expenseDate", .string(WireDate.midnightTimestamp(expense.date))),
            JSONMember("createdAt", .string(expense.createdAt)),
            JSONMember("splits", .array(row.splits.map { split in
                .object([
                    "id": .string(lower(split.id)),
                    "memberId": .string(lower(split.memberID)),
                    "amount": number(split.amount),
                    "isPaid": .bool(split.isPaid),
                ])
            })),
        ]
        if let whole = row.partOf {
            members.append(JSONMember("partOf", .string(lower(whole))))
            members.append(JSONMember("payers", .array(expense.payers.map { payer in
                .object(["memberId": .string(lower(payer.memberID)), "amount": number(payer.amount)])
            })))
        }
        if let rule = expense.splitGiven, let given = StoredSplitGiven.json(rule, currency: currency) {
            members.append(JSONMember("splitGiven", given))
        }
        return .object(members)
    }

    private static func lower(_ id: UUID) -> String { id.uuidString.lowercased() }
}
