import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

struct ConfigGetCommand: AccountCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print a setting or a preference (none when unset).",
        discussion: HelpText.reflow("Example:\n  split config get default.currency"))

    @Argument(help: ArgumentHelp("The setting: \(ConfigKey.allCases.map(\.name).joined(separator: ", ")).", valueName: "key"))
    var key: String

    @OptionGroup var options: ConfigOptions

    var output: Output { options.output }

    func result() async throws -> ConfigValue {
        let parsed = try ConfigKey(parsing: key)
        return ConfigValue(key: parsed.name,
                           value: parsed.value(settings: try options.files.settings.load(), copy: try options.files.preferences.load()))
    }
}
