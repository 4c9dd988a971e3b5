import SplitCloud
import SplitCore
import SplitStore

extension SyncSession {
    /// What became of the sync after a change.
    public enum Outcome: Equatable, Sendable {
        /// The server could not be reached within the budget.
        case offline
        /// It ran; changes may still wait (refused ones, or more than one round's worth).
        case synced
        /// The server answered with an error (not an unreachable server: that is `offline`).
        case failed(String)
    }

    /// The sync after a change, as a person is told of it.
    public struct AfterChange: Sendable {
        public let outcome: Outcome
        /// Changes still waiting for the trips synced.
        public let waiting: Int
        /// Lines to show before the one about what waits: conflicts found, items held.
        public let notes: [String]
        /// Lines to show after it: claims and preferences.
        public let accountNotes: [String]

        init(outcome: Outcome, waiting: Int, notes: [String] = [], accountNotes: [String] = []) {
            self.outcome = outcome
            self.waiting = waiting
            self.notes = notes
            self.accountNotes = accountNotes
        }
    }

    /// One sync of the linked trips among `trips` (those a command queued changes for) within
    /// `budget` seconds, then the account's claims and a day-old preference copy within what
    /// is left. `counted` is what the writes counted as waiting, when they did (nil: counted
    /// here, once, only if the sync does not finish).
    ///
    /// A sync cut off by the budget is safe to abandon: the store applies an answer in one
    /// transaction (a process ending mid-way rolls it back), and the next sync sends the same
    /// operation ids, which the server does not apply twice.
    public func afterChange(_ trips: [TripID], counted: [Int?], budget: Double) async -> AfterChange {
        // Wall time, not the run's clock: SPLIT_NOW fixes that one, and the budget is real seconds.
        let started = ContinuousClock.now
        let outcome = await Deadline.run(seconds: budget) {
            let links = try trips.compactMap { try store.link($0) }
            return (links, try await sync(links))
        }
        switch outcome {
        case .finished(.success(let (links, reports))):
            var notes: [String] = []
            let conflicts = reports.reduce(0) { $0 + $1.conflicts }
            if conflicts > 0 {
                notes.append("split: sync found \(conflicts) conflict\(conflicts == 1 ? "" : "s"); see: split conflicts")
            }
            let held = reports.reduce(0) { $0 + $1.held }
            if held > 0 {
                notes.append("split: the server holds \(held) item\(held == 1 ? "" : "s") split cannot use; see: split conflicts")
            }
            // Claims waiting, and preferences when the copy is a day old: the server is being
            // talked to anyway. Quiet unless something changed.
            let left = budget - (ContinuousClock.now - started) / .seconds(1)
            var accountNotes: [String] = []
            if case .finished(.success(let lines)) = await Deadline.run(seconds: max(0.1, left), {
                await afterSync(links, force: false)
            }) {
                accountNotes = lines.map { "split: " + $0 }
            }
            return AfterChange(outcome: .synced, waiting: reports.reduce(0) { $0 + $1.pending }, notes: notes,
                               accountNotes: accountNotes)
        case .finished(.failure(let error)):
            let waiting = waiting(trips, counted: counted)
            if case CloudError.unreachable? = error as? CloudError {
                return AfterChange(outcome: .offline, waiting: waiting)
            }
            return AfterChange(outcome: .failed((error as? UserFacingError)?.message ?? String(describing: error)),
                               waiting: waiting)
        case .timedOut:
            // No answer within the budget: a server that cannot be reached retries until it
            // runs out, so to the person this is being offline.
            return AfterChange(outcome: .offline, waiting: waiting(trips, counted: counted))
        }
    }

    /// What waits for `trips`: as the writes counted it, else counted now, once.
    public func waiting(_ trips: [TripID], counted: [Int?]) -> Int {
        zip(trips, counted).reduce(0) { $0 + ($1.1 ?? (try? store.pendingCount($1.0)) ?? 0) }
    }
}
