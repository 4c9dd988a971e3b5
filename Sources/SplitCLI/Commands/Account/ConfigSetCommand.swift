import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

struct ConfigSetCommand: AccountCommand {
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

    var output: Output { options.output }

    func result() async throws -> ConfigValue {
        let files = options.files
        switch try ConfigKey(parsing: key) {
        case .syncAuto:
            var settings = try files.settings.load()
            settings.autoSync = try ConfigKey.autoSync(value)
            try files.settings.save(settings)
            return ConfigValue(key: ConfigKey.syncAuto.name, value: ConfigKey.autoSyncText(settings), set: true)
        case .meName:
            let name = try ConfigKey.meName(value)
            try files.settings.update { $0.meName = name }
            return ConfigValue(key: ConfigKey.meName.name, value: name, set: true)
        case .preference(let preference):
            let cleared = ["none", ""].contains(value.trimmingSpaces.lowercased()) && preference.clearable
            let normalized = try preference.normalize(cleared ? nil : value)
            let dependencies = Dependencies.of(CommandIO.current)
            let before = try files.preferences.load()
            try files.preferences.update { $0.set(preference, normalized, at: dependencies.clock.now()) }
            let note = try await send(preference, normalized, before: before, dependencies: dependencies)
            return ConfigValue(key: preference.rawValue, value: try files.preferences.load().preferences[preference], set: true,
                               note: note)
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
