import SplitCore
import SplitJSON
import SplitSync

/// `sync`: what was sent and received for each trip synced, and the account's notices. One
/// trip is reported alone; `--all`, or a local-only current trip, lists trips by name.
struct TripsSynced: CommandResult {
    let reports: [SyncReport]
    /// Trip names by id, for a list of several.
    let names: [TripID: String]
    let notices: [String]
    let all: Bool
    /// The current trip, when it is local-only (its sync was the account's and the waiting trips').
    let localTrip: Trip?

    private var several: Bool { all || localTrip != nil }

    var json: JSONValue {
        let noticeList = JSONValue.array(notices.map(JSONValue.string))
        let items = reports.map { report -> JSONValue in
            var fields: [(String, JSONValue)] = [
                ("trip", .string(report.trip.rawValue)), ("pushed", .int(report.pushed)), ("pulled", .int(report.pulled)),
                ("conflicts", .int(report.conflicts)), ("held", .int(report.held)), ("revision", .int(report.revision)),
                ("pending", .int(report.pending)),
            ]
            if !several { fields.append(("notices", noticeList)) }
            return .object(fields.map { JSONMember($0.0, $0.1) })
        }
        if let localTrip {
            return .object(["trips": .array(items), "notices": noticeList, "localTrip": JSONRendering.trip(localTrip)])
        }
        return several ? .object(["trips": .array(items), "notices": noticeList]) : items[0]
    }

    var lines: [String] {
        var lines = reports.map { report in
            let prefix = several ? "\(names[report.trip] ?? report.trip.short): " : ""
            var line = "\(prefix)pushed \(report.pushed), pulled \(report.pulled), conflicts \(report.conflicts)"
            if report.held > 0 { line += ", held \(report.held) (see split conflicts)" }
            if report.pending > 0 { line += "; \(report.pending) still wait" }
            return line
        }
        lines += notices
        if let localTrip {
            lines.append("\(localTrip.name) is local-only, so it has nothing to sync; "
                         + "your account is synced (link the trip with: split upload).")
        }
        return lines
    }
}
