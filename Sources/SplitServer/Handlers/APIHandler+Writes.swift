import Foundation
import SplitAPI

/// The shared shape of every write route: one transaction that bumps the group's revision
/// first (``GroupWriter``), and 412 answers built from ``StaleRevision``.
extension APIHandler {
    /// Runs `body` with a writer on `group` in one transaction.
    func write<Result: Sendable>(group: UUID, user: AuthenticatedUser, _ body: (GroupWriter) async throws -> Result)
        async throws -> Result {
        try await services.database.transaction { connection in
            let writer = try await GroupWriter.begin(services: services, connection: connection, group: group, user: user)
            return try await body(writer)
        }
    }

    /// A 304 when the client holds `revision` already (``RevisionHeaderMiddleware`` adds the ETag).
    static func notModified(_ ifNoneMatch: String?, revision: Int64) -> Components.Responses.NotModified? {
        RevisionTag.matches(ifNoneMatch: ifNoneMatch, revision: revision)
            ? .init() : nil
    }

    static func memberChanged(_ stale: StaleRevision) throws -> Components.Responses.MemberChanged {
        guard case .member(let current) = stale.current else { throw stale }
        return .init(body: .json(.init(error: stale.message, current: current)))
    }

    static func expenseChanged(_ stale: StaleRevision) throws -> Components.Responses.ExpenseChanged {
        guard case .expense(let current) = stale.current else { throw stale }
        return .init(body: .json(.init(error: stale.message, current: current)))
    }

    static func paymentChanged(_ stale: StaleRevision) throws -> Components.Responses.PaymentChanged {
        guard case .payment(let current) = stale.current else { throw stale }
        return .init(body: .json(.init(error: stale.message, current: current)))
    }

    static func groupChanged(_ stale: StaleRevision) throws -> Components.Responses.GroupChanged {
        guard case .group(let current) = stale.current else { throw stale }
        return .init(body: .json(.init(error: stale.message, current: current)))
    }

    /// A client-chosen id, when the body has one.
    static func clientID(_ text: String?, field: String = "id") throws(APIError) -> UUID? {
        try text.map { text throws(APIError) in try WireInput.uuid(text, field: field) }
    }
}
