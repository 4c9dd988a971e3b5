import ArgumentParser
import Foundation
import SplitCloud
import SplitCore
import SplitReport
import SplitSync

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
