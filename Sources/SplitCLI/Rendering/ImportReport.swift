import SplitCore
import SplitImport
import SplitStore
import SplitJSON

/// What `split import` did (or, with `--dry-run`, would do), as text or JSON.
struct ImportReport: CommandResult {
    let file: String
    let format: ImportFormat
    let plan: ImportPlan
    let summary: ImportSummary
    let dryRun: Bool

    var lines: [String] {
        var lines: [String] = []
        if summary.addedNothing {
            let expenses = summary.trips.reduce(0) { $0 + $1.expensesSkipped }
            let payments = summary.trips.reduce(0) { $0 + $1.paymentsSkipped }
            lines.append("Nothing new in \(file): its \(count(expenses, "expense")) and \(count(payments, "payment")) were imported before.")
        } else {
            lines.append("\(dryRun ? "Would import" : "Imported") \(file) (\(format.rawValue)):")
            lines += summary.trips.map { "  " + line($0) }
        }
        if !plan.warnings.isEmpty && !summary.addedNothing {
            lines.append("\(count(plan.warnings.count, "warning")):")
            lines += plan.warnings.map { "  " + $0 }
        }
        if dryRun { lines.append("Dry run: nothing was written.") }
        return lines
    }

    private func line(_ trip: ImportSummary.Trip) -> String {
        var parts = ["\(trip.name)\(trip.created ? " (new trip)" : ""):",
                     "\(count(trip.membersAdded, "member")), \(count(trip.expensesAdded, "expense")), \(count(trip.paymentsAdded, "payment"))"]
        if trip.exchangesAdded > 0 { parts[1] += ", \(count(trip.exchangesAdded, "currency exchange"))" }
        let skipped = trip.expensesSkipped + trip.paymentsSkipped
        if skipped > 0 { parts.append("(\(skipped) already imported)") }
        let totals = totals(trip)
        if !totals.isEmpty { parts.append("totalling " + totals.map { Money(minorUnits: $0.minor, currency: $0.currency).description }.joined(separator: ", ")) }
        return parts.joined(separator: " ")
    }

    private func totals(_ trip: ImportSummary.Trip) -> [(currency: Currency, minor: Int64)] {
        trip.totals.sorted { $0.key < $1.key }.compactMap { code, minor in
            (try? Currency(code: code)).map { (currency: $0, minor: minor) }
        }
    }

    private func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

    var json: JSONValue {
        .object([
            "file": .string(file),
            "format": .string(format.rawValue),
            "dryRun": .bool(dryRun),
            "trips": .array(summary.trips.map { trip in
                .object([
                    "name": .string(trip.name),
                    "created": .bool(trip.created),
                    "membersAdded": .int(trip.membersAdded),
                    "expensesAdded": .int(trip.expensesAdded),
                    "expensesSkipped": .int(trip.expensesSkipped),
                    "paymentsAdded": .int(trip.paymentsAdded),
                    "paymentsSkipped": .int(trip.paymentsSkipped),
                    "exchangesAdded": .int(trip.exchangesAdded),
                    "totals": .object(totals(trip).map { JSONMember($0.currency.code, JSONRendering.amount($0.minor, $0.currency)) }),
                ])
            }),
            "warnings": .array(plan.warnings.map { .string($0) }),
        ])
    }
}
