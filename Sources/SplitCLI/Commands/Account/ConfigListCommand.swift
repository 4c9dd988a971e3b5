import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

struct ConfigListCommand: AccountCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every setting and preference, and where each is kept.",
        discussion: HelpText.reflow("Example:\n  split config list --json"))

    @OptionGroup var options: ConfigOptions

    var output: Output { options.output }

    func result() async throws -> ConfigListing {
        let settings = try options.files.settings.load()
        let copy = try options.files.preferences.load()
        return ConfigListing(rows: ConfigKey.allCases.map { key in
            switch key {
            case .syncAuto, .meName:
                ConfigListing.Row(name: key.name, value: key.value(settings: settings, copy: copy), scope: "device", waiting: false)
            case .preference(let preference):
                ConfigListing.Row(name: key.name, value: key.value(settings: settings, copy: copy), scope: "account",
                                  waiting: copy.pending.contains(preference.rawValue))
            }
        })
    }
}
