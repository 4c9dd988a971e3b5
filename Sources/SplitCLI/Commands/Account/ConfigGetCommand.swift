import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

struct ConfigGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print a setting or a preference (none when unset).",
        discussion: HelpText.reflow("Example:\n  split config get default.currency"))

    @Argument(help: ArgumentHelp("The setting: \(ConfigKey.allCases.map(\.name).joined(separator: ", ")).", valueName: "key"))
    var key: String

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let parsed = try ConfigKey(parsing: key)
        let value = parsed.value(settings: try options.files.settings.load(), copy: try options.files.preferences.load())
        if options.output.json {
            options.output.emit(.object([parsed.name: JSONRendering.string(value)]))
        } else {
            options.output.line(value ?? "none")
        }
    }
}
