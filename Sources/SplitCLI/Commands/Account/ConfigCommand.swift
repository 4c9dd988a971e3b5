import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

/// `split config`: this device's settings (`config.json`) and your preferences, which follow
/// your account to every device (`preferences.json`, and split-server's `/api/preferences`).
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings and preferences.",
        discussion: HelpText.reflow("""
        Kept on this device:
          sync.auto         on or off (default on): sync after each change
          me.name           your name in trips: you are the member of that name (any case,
                            accents or surrounding space) in every trip where split member me
                            says nothing else; none clears it. Not sent to the server, which
                            keeps no such setting.
        Your preferences, kept with your account on split-server:
          default.currency  the currency of trip create without --currency
          default.category  the category of add-expense without --category
          display.name      your account's name
        Give none to clear a default. A preference is kept here at once and sent to the
        logged-in server; offline, it is sent at the next sync. Commands read the copy kept
        here and never wait on the network for it. The Node server keeps no preferences, so
        there they stay on this device.
        Examples:
          split config set default.currency EUR
          split config get default.currency
          split config list
          split config set sync.auto off
          split config set me.name Bea
        """),
        subcommands: [ConfigSetCommand.self, ConfigGetCommand.self, ConfigListCommand.self]
    )
}

struct ConfigOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .long, help: "Do not send a changed preference now (also: SPLIT_OFFLINE=1); it goes at the next sync.")
    var offline = false

    var environment: [String: String] { CommandIO.current.environment }
    var files: ConfigFiles { ConfigFiles(environment: environment) }
    var output: Output { Output(json: json) }
}

/// A key `split config` knows: a device setting or a preference.
enum ConfigKey: Hashable, CaseIterable {
    case syncAuto
    case meName
    case preference(PreferenceKey)

    static var allCases: [ConfigKey] { [.syncAuto, .meName] + PreferenceKey.allCases.map(ConfigKey.preference) }

    var name: String {
        switch self {
        case .syncAuto: return "sync.auto"
        case .meName: return "me.name"
        case .preference(let key): return key.rawValue
        }
    }

    /// The key typed, or a one-line refusal listing the keys (exit 65).
    init(parsing text: String) throws {
        guard let key = Self.allCases.first(where: { $0.name == text.lowercased() }) else {
            throw CLIError.data("unknown setting '\(text)'; the settings are \(Self.allCases.map(\.name).joined(separator: ", "))")
        }
        self = key
    }

    /// The value as shown; nil for an unset preference.
    func value(settings: CloudSettings, copy: PreferenceCopy) -> String? {
        switch self {
        case .syncAuto: return Self.autoSyncText(settings)
        case .meName: return settings.meName
        case .preference(let key): return copy.preferences[key]
        }
    }

    /// `sync.auto` as shown: unset means on.
    static func autoSyncText(_ settings: CloudSettings) -> String {
        settings.autoSync == false ? "off" : "on"
    }

    /// `sync.auto` as typed: nil for on (the default), false for off.
    static func autoSync(_ text: String) throws -> Bool? {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return nil
        case "off", "false", "no", "0": return false
        default: throw CLIError.data("sync.auto is on or off, not '\(text)'")
        }
    }

    /// `me.name` as typed: a member name (``SplitCore/NameRules``), trimmed; none clears it.
    static func meName(_ text: String) throws -> String? {
        if ["none", ""].contains(text.trimmingSpaces.lowercased()) { return nil }
        do {
            return try NameRules.member(text)
        } catch {
            throw CLIError.data("me.name is a member name or none: \(error.message)")
        }
    }
}

struct ConfigSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a setting or a preference.",
        discussion: HelpText.reflow("""
        Examples:
          split config set default.currency EUR
          split config set default.category none
          split config set sync.auto off
        """))

    @Argument(help: ArgumentHelp("The setting: \(ConfigKey.allCases.map(\.name).joined(separator: ", ")).", valueName: "key"))
    var key: String

    @Argument(help: "The new value (none clears a default).")
    var value: String

    @OptionGroup var options: ConfigOptions

    func run() async throws {
        let files = options.files
        let output = options.output
        switch try ConfigKey(parsing: key) {
        case .syncAuto:
            var settings = try files.settings.load()
            settings.autoSync = try ConfigKey.autoSync(value)
            try files.settings.save(settings)
            show(ConfigKey.syncAuto.name, ConfigKey.autoSyncText(settings))
        case .meName:
            let name = try ConfigKey.meName(value)
            try files.settings.update { $0.meName = name }
            show(ConfigKey.meName.name, name)
        case .preference(let preference):
            let cleared = ["none", ""].contains(value.trimmingSpaces.lowercased()) && preference.clearable
            let normalized = try preference.normalize(cleared ? nil : value)
            let dependencies = Dependencies.system(environment: options.environment)
            let before = try files.preferences.load()
            try files.preferences.update { $0.set(preference, normalized, at: dependencies.clock.now()) }
            let note = try await send(preference, normalized, before: before, dependencies: dependencies)
            show(preference.rawValue, try files.preferences.load().preferences[preference])
            if let note { output.note(note) }
        }
    }

    private func show(_ name: String, _ value: String?) {
        if options.output.json {
            options.output.emit(.object([name: JSONRendering.string(value)]))
        } else {
            options.output.line("\(name) = \(value ?? "none")")
        }
    }

    /// Sends the change to the logged-in server. Refused: the old value comes back and the
    /// command fails with the server's reason. Unreachable: kept, sent at the next sync.
    /// Returns a line for stderr, if any.
    private func send(_ key: PreferenceKey, _ value: String?, before: PreferenceCopy,
                      dependencies: Dependencies) async throws -> String? {
        let files = options.files
        let settings = try files.settings.load()
        let environment = options.environment
        let offline = options.offline || AutoSync.offlineRequested(environment)
        guard let server = (try? CloudSession.resume(files: files, settings: settings, environment: environment))?.server else {
            return "kept on this device; log in (split login) to keep it with your account"
        }
        if offline { return "kept on this device; it is sent to \(server.url) at the next sync" }
        let report: PreferenceSync.Report?
        do {
            report = try await CloudAccess.make(files: files, settings: settings, environment: environment,
                                                dependencies: dependencies, output: options.output).preferences(force: false)
        } catch {
            guard (error as? UserFacingError)?.kind == .unreachable else { throw error }
            return "kept on this device; \(server.url) could not be reached, so it is sent at the next sync"
        }
        guard let report else { return nil }
        if let refusal = report.refused.first(where: { $0.key == key }) {
            // Put back exactly what was there: the value and whether it still waited.
            try files.preferences.update { copy in
                copy.values[key.rawValue] = before.values[key.rawValue]
                copy.setAt[key.rawValue] = before.setAt[key.rawValue]
                copy.pending.removeAll { $0 == key.rawValue }
                if before.pending.contains(key.rawValue) { copy.pending.append(key.rawValue) }
            }
            throw CLIError.data("\(server.url) refused \(key.rawValue) \(value ?? "none"): \(refusal.reason); it is still "
                                + (before.preferences[key] ?? "none"))
        }
        if report.localOnly { return "kept on this device: \(server.url) keeps no preferences (the Node server)" }
        let others = report.lines
        return others.isEmpty ? nil : others.joined(separator: "\n")
    }
}

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
