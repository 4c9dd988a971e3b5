/// Sends many independent requests with a few in flight at once.
///
/// On loopback a request spends most of its time waiting for the server and PostgreSQL, so
/// four in flight upload a 10,000-expense trip several times faster than one at a time.
enum Windowed {
    /// Runs `send` for every item with at most `width` in flight, and `confirm` in the caller,
    /// one answer at a time in completion order (so the id map is written by one task only).
    /// After a failure no new item starts; answers still in flight are confirmed, then the
    /// first failure is thrown.
    static func run<Item: Sendable, Answer: Sendable>(
        _ items: [Item], width: Int, send: @escaping @Sendable (Item) async throws -> Answer,
        confirm: (Item, Answer) throws -> Void
    ) async throws {
        guard !items.isEmpty else { return }
        var failure: (any Error)?
        await withTaskGroup(of: (Int, Result<Answer, any Error>).self) { group in
            var next = 0
            for _ in 0..<min(max(1, width), items.count) {
                let index = next, item = items[next]
                next += 1
                group.addTask { await (index, Result { try await send(item) }) }
            }
            for await (index, result) in group {
                switch result {
                case .success(let answer):
                    do { try confirm(items[index], answer) } catch { failure = failure ?? error }
                case .failure(let error):
                    failure = failure ?? error
                }
                guard failure == nil, next < items.count else { continue }
                let nextIndex = next, item = items[next]
                next += 1
                group.addTask { await (nextIndex, Result { try await send(item) }) }
            }
        }
        if let failure { throw failure }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
