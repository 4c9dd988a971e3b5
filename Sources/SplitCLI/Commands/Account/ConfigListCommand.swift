import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

struct ConfigListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every setting and preference, and where each is kept.",
        discussion: HelpText.reflow("Example:\n  split config list --json"))

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let settings = try options.files.settings.load()
        let copy = try options.files.preferences.load()
        let rows = ConfigKey.allCases.map { key -> (name: String, value: String?, scope: String, waiting: Bool) in
            switch key {
            case .syncAuto, .meName: return (key.name, key.value(settings: settings, copy: copy), "device", false)
            case .preference(let preference):
                return (key.name, key.value(settings: settings, copy: copy), "account", copy.pending.contains(preference.rawValue))
            }
        }
        if options.output.json {
            options.output.emit(.object(["settings": .array(rows.map { row in
                .object(["key": .string(row.name), "value": JSONRendering.string(row.value), "scope": .string(row.scope),
                         "waiting": .bool(row.waiting)])
            })]))
            return
        }
        var table = TextTable(["KEY", "VALUE", "KEPT"])
        for row in rows {
            let kept = row.scope == "device" ? "this device" : (row.waiting ? "account (to send at the next sync)" : "account")
            table.add([row.name, row.value ?? "none", kept])
        }
        options.output.line(table.render())
    }
}
