import ArgumentParser
import Foundation
import SplitCloud
import SplitCore

/// `split config`: settings kept in `config.json` beside the credentials.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings (sync.auto).",
        discussion: HelpText.reflow("""
        sync.auto (on or off, default on): sync a linked trip right after each change.
        Off, changes wait for split sync.
        Examples:
          split config set sync.auto off
          split config get sync.auto
        """),
        subcommands: [ConfigSetCommand.self, ConfigGetCommand.self]
    )
}

struct ConfigOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    var files: ConfigFiles { ConfigFiles(environment: ProcessInfo.processInfo.environment) }
    var output: Output { Output(json: json) }
}

/// The settings `split config` knows.
enum ConfigKey: String, ExpressibleByArgument, CaseIterable {
    case syncAuto = "sync.auto"

    func value(in settings: CloudSettings) -> String {
        switch self {
        case .syncAuto: return settings.autoSync == false ? "off" : "on"
        }
    }

    func set(_ text: String, in settings: inout CloudSettings) throws {
        switch self {
        case .syncAuto:
            switch text.lowercased() {
            case "on", "true", "yes", "1": settings.autoSync = nil
            case "off", "false", "no", "0": settings.autoSync = false
            default: throw CLIError("sync.auto is on or off, not '\(text)'", kind: .usage)
            }
        }
    }
}

struct ConfigSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a setting.",
        discussion: HelpText.reflow("Example:\n  split config set sync.auto off"))

    @Argument(help: ArgumentHelp("The setting: \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "key"))
    var key: ConfigKey

    @Argument(help: "The new value.")
    var value: String

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let files = options.files
        var settings = try files.settings.load()
        try key.set(value, in: &settings)
        try files.settings.save(settings)
        if options.output.json {
            options.output.emit(.object([key.rawValue: .string(key.value(in: settings))]))
        } else {
            options.output.line("\(key.rawValue) = \(key.value(in: settings))")
        }
    }
}

struct ConfigGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print a setting.",
        discussion: HelpText.reflow("Example:\n  split config get sync.auto"))

    @Argument(help: ArgumentHelp("The setting: \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "key"))
    var key: ConfigKey

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let settings = try options.files.settings.load()
        if options.output.json {
            options.output.emit(.object([key.rawValue: .string(key.value(in: settings))]))
        } else {
            options.output.line(key.value(in: settings))
        }
    }
}
