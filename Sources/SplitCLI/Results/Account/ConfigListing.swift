import SplitJSON
import SplitReport

/// `config list`: every setting and preference, and where each is kept.
struct ConfigListing: CommandResult {
    struct Row: Sendable {
        let name: String
        let value: String?
        /// `device` or `account`.
        let scope: String
        /// A preference set here and not yet sent.
        let waiting: Bool
    }

    let rows: [Row]

    var json: JSONValue {
        .object(["settings": .array(rows.map { row in
            .object(["key": .string(row.name), "value": JSONRendering.string(row.value), "scope": .string(row.scope),
                     "waiting": .bool(row.waiting)])
        })])
    }

    var lines: [String] {
        var table = TextTable(["KEY", "VALUE", "KEPT"])
        for row in rows {
            let kept = row.scope == "device" ? "this device" : (row.waiting ? "account (to send at the next sync)" : "account")
            table.add([row.name, row.value ?? "none", kept])
        }
        return [table.render()]
    }
}
