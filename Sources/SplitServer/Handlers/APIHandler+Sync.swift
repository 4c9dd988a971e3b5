import Foundation
import SplitAPI
import SplitCore

extension APIHandler {
    /// The most items one answer of the change feed carries, and the default.
    static let changeLimit = 1000

    func getChanges(_ input: Operations.GetChanges.Input) async throws -> Operations.GetChanges.Output {
        let (_, group, revision) = try await access(input.path.groupId)
        if let unchanged = Self.notModified(input.headers.ifNoneMatch, revision: revision) { return .notModified(unchanged) }
        let since = try Self.since(input.query.since, revision: revision)
        let limit = input.query.limit ?? Self.changeLimit
        guard (1...Self.changeLimit).contains(limit) else {
            throw APIError.badRequest("limit \(limit) is out of range; use 1 to \(Self.changeLimit)")
        }
        // The access check read the revision: nothing new costs no further query.
        let changes = try await services.feed.changes(group: group, since: since, limit: limit, current: revision)
        return .ok(.init(body: .json(changes)))
    }

    /// A client's revision: 0 or more, and not past the group's.
    static func since(_ value: Int64?, revision: Int64, field: String = "since") throws(APIError) -> Int64 {
        let since = value ?? 0
        guard since >= 0 else { throw .badRequest("\(field) \(since) is negative; use a revision from 0 up") }
        guard since <= revision else {
            throw .badRequest("\(field) \(since) is newer than the group's revision \(revision); sync again from 0")
        }
        return since
    }

    func syncGroup(_ input: Operations.SyncGroup.Input) async throws -> Operations.SyncGroup.Output {
        let (user, group, before) = try await access(input.path.groupId)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        guard body.ops.count <= SyncBatch.maxOps else {
            throw APIError.badRequest("ops has \(body.ops.count) operations; send at most \(SyncBatch.maxOps) per request")
        }
        // Checked before anything is applied: a refused request changes nothing.
        let since = try Self.since(body.since, revision: before)
        let results = try await SyncBatch(services: services, group: group, user: user).apply(body.ops)
        // A batch with ops has moved the revision (every write bumps it first); without ops,
        // the revision read by the access check still holds.
        let changes = try await services.feed.changes(group: group, since: since, limit: Self.changeLimit,
                                                      current: body.ops.isEmpty ? before : nil)
        return .ok(.init(body: .json(.init(results: results, changes: changes))))
    }

    func setRate(_ input: Operations.SetRate.Input) async throws -> Operations.SetRate.Output {
        let (user, group) = try await member(of: input.path.groupId)
        guard case .json(let body) = input.body else { throw APIError.badRequest("the body must be JSON") }
        let currency = try WireInput.currency(input.path.currency)
        let rate = try Self.rate(body.rate)
        let stored = try await write(group: group, user: user) { writer in
            try await writer.setRate(currency, rate: rate, ifMatch: nil)
        }
        guard let stored else { throw APIError.notFound("the rate for \(currency.code) was not stored") }
        return .ok(.init(body: .json(stored)))
    }

    func deleteRate(_ input: Operations.DeleteRate.Input) async throws -> Operations.DeleteRate.Output {
        let (user, group) = try await member(of: input.path.groupId)
        let currency = try WireInput.currency(input.path.currency)
        _ = try await write(group: group, user: user) { writer in try await writer.setRate(currency, rate: nil, ifMatch: nil) }
        return .ok(.init(body: .json(.init(success: true))))
    }

    /// An exchange rate as SplitCore reads `split trip rate`'s argument.
    static func rate(_ text: String, field: String = "rate") throws(APIError) -> ExchangeRate {
        do {
            return try ExchangeRate(parsing: text)
        } catch {
            throw .badRequest("\(field) '\(text.prefix(40))' is not a rate; use a positive decimal with at most 12 digits"
                + " before the point and 9 after, such as \"150.25\"")
        }
    }
}
