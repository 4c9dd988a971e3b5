import Foundation
import Hummingbird
import SplitCore
import SplitJSON

/// `GET /api/groups/:groupId/expenses`, served outside the generated handlers for speed.
///
/// It is the route clients call most and the largest answer (a 1,000-expense group is about
/// 300 KB), so the serialized body is cached per group revision (``ExpenseListCache``): a repeat
/// costs one query, the access check that also reads the revision. Otherwise two queries load
/// the expenses and all their splits, whatever their number. The JSON is written by SplitCore's
/// exact writer and has the shape of `ExpenseList` in `openapi.yaml`; a test decodes it with
/// the generated client types.
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

    static func json(_ expenses: [ExpenseRecord]) -> JSONValue {
        .object(["expenses": .array(expenses.map(json))])
    }

    static func json(_ expense: ExpenseRecord) -> JSONValue {
        let currency = expense.amount.currency
        return .object([
            "id": .string(expense.id.uuidString.lowercased()),
            "groupId": .string(expense.groupID.uuidString.lowercased()),
            "description": .string(expense.description),
            "amount": .number(DecimalText.major(expense.amount.minorUnits, exponent: currency.exponent)),
            "currency": .string(currency.code),
            "category": .string(expense.category),
            "paidByMemberId": .string(expense.paidBy.uuidString.lowercased()),
            "expenseDate": .string(WireDate.midnightTimestamp(expense.date)),
            "createdAt": .string(expense.createdAt),
            "splits": .array(expense.splits.map { split in
                .object([
                    "id": .string(split.id.uuidString.lowercased()),
                    "memberId": .string(split.memberID.uuidString.lowercased()),
                    "amount": .number(DecimalText.major(split.amount, exponent: currency.exponent)),
                    "isPaid": .bool(split.isPaid),
                ])
            }),
        ])
    }
}
