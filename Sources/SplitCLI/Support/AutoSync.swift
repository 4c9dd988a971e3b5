import Foundation
import SplitCore
import SplitStore
import SplitSync

/// After a command changed a linked trip, one sync within a short budget, so everyone sees
/// the change at once when there is a connection, and nothing waits on it when there is not.
///
/// The budget is 1.5 s (`SPLIT_SYNC_TIMEOUT`, in seconds). Offline, refused or too slow, the
/// command still succeeds, and one line on stderr says how many changes wait for
/// `split sync`. `--offline`, `SPLIT_OFFLINE=1` or `split config set sync.auto off` skip it.
///
/// A sync cut off by the budget is safe to abandon: the store applies an answer in one
/// transaction (a process ending mid-way rolls it back), and the next sync sends the same
/// operation ids, which the server does not apply twice.
enum AutoSync {
    static let defaultBudget = 1.5

    static func afterChange(_ context: CommandContext, since mark: Int64) async {
        guard let trips = try? context.syncStore.tripsChanged(since: mark), !trips.isEmpty else { return }
        if let reason = skipReason(context) {
            report(context, trips: trips, reason: reason)
            return
        }
        let budget = self.budget(context.environment)
        let outcome = await Deadline.run(seconds: budget) {
            var reports: [SyncReport] = []
            for trip in trips {
                guard let link = try context.syncStore.link(trip) else { continue }
                reports.append(try await SyncConnector.engine(for: link, context: context).sync(trip))
            }
            return reports
        }
        switch outcome {
        case .finished(.success(let reports)):
            let conflicts = reports.reduce(0) { $0 + $1.conflicts }
            if conflicts > 0 {
                context.output.note("split: sync found \(conflicts) conflict\(conflicts == 1 ? "" : "s"); see: split conflicts")
            }
            let waiting = reports.reduce(0) { $0 + $1.pending }
            if waiting > 0 { report(context, trips: trips, reason: nil) }
        case .finished(.failure(let error)):
            let message = (error as? UserFacingError)?.message ?? String(describing: error)
            report(context, trips: trips, reason: message)
        case .timedOut:
            report(context, trips: trips, reason: "offline")
        }
    }

    /// Why the automatic sync is off, or nil.
    static func skipReason(_ context: CommandContext) -> String? {
        if context.offlineFlag { return "" }
        if let value = context.environment["SPLIT_OFFLINE"], !value.isEmpty, value != "0" { return "" }
        if context.settings.autoSync == false { return "" }
        return nil
    }

    static func budget(_ environment: [String: String]) -> Double {
        guard let text = environment["SPLIT_SYNC_TIMEOUT"], let seconds = Double(text), seconds >= 0, seconds <= 600 else {
            return defaultBudget
        }
        return seconds
    }

    /// `offline: 3 changes wait for split sync`, with the failure's reason when the server
    /// refused or failed (not for an unreachable or slow one, nor a sync turned off).
    private static func report(_ context: CommandContext, trips: [TripID], reason: String?) {
        let waiting = trips.reduce(0) { $0 + ((try? context.syncStore.pendingCount($1)) ?? 0) }
        guard waiting > 0 else { return }
        let what = "\(waiting) change\(waiting == 1 ? "" : "s") wait\(waiting == 1 ? "s" : "") for split sync"
        switch reason {
        case nil, ""?, "offline"?: context.output.note("offline: \(what)")
        case let reason?: context.output.note("offline: \(what) (\(reason))")
        }
    }
}
