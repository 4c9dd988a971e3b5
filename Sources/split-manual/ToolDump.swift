import Foundation

/// The parts of `--experimental-dump-help`'s JSON (serialization version 0) that a man page
/// shows. Keys it does not read are ignored, so a newer ArgumentParser still reads.
struct ToolDump: Decodable {
    let serializationVersion: Int
    let command: DumpedCommand

    init(_ data: Data) throws {
        let dump: ToolDump
        do {
            dump = try JSONDecoder().decode(ToolDump.self, from: data)
        } catch {
            throw ManualError(code: 65, "the input is not the JSON of --experimental-dump-help (\(Self.reason(error)))")
        }
        guard dump.serializationVersion == 0 else {
            throw ManualError(code: 65, "the input is serialization version \(dump.serializationVersion); this reads version 0")
        }
        self = dump
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "no '\(key.stringValue)' at \(path(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(path(context))"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "unreadable value at \(path(context))"
        default:
            return "unreadable"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return keys.isEmpty ? "the top" : keys
    }
}

struct DumpedCommand: Decodable {
    let superCommands: [String]?
    let shouldDisplay: Bool?
    let commandName: String
    let aliases: [String]?
    let abstract: String?
    let discussion: String?
    let subcommands: [DumpedCommand]?
    let arguments: [DumpedArgument]?

    /// The words that run it: `split trip create`.
    var words: [String] { (superCommands ?? []) + [commandName] }
    /// Its page's name: `split-trip-create`.
    var pageName: String { words.joined(separator: "-") }
    var isShown: Bool { shouldDisplay ?? true }
    var shownSubcommands: [DumpedCommand] { (subcommands ?? []).filter(\.isShown) }
    var shownArguments: [DumpedArgument] { (arguments ?? []).filter(\.isShown) }
}

struct DumpedArgument: Decodable {
    struct Name: Decodable {
        let kind: String
        let name: String

        /// As typed: `--trip`, `-h`, `-single`.
        var typed: String {
            switch kind {
            case "long": return "--" + name
            case "short": return "-" + name
            default: return "-" + name
            }
        }
    }

    let kind: String
    let shouldDisplay: Bool?
    let sectionTitle: String?
    let isOptional: Bool?
    let isRepeating: Bool?
    let names: [Name]?
    let preferredName: Name?
    let valueName: String?
    let defaultValue: String?
    let allValues: [String]?
    let allValueDescriptions: [String: String]?
    let abstract: String?
    let discussion: String?

    var isShown: Bool { shouldDisplay ?? true }
    var isPositional: Bool { kind == "positional" }
    var takesValue: Bool { kind == "option" }
    var optional: Bool { isOptional ?? false }
    var repeating: Bool { isRepeating ?? false }
    var value: String { valueName ?? preferredName?.name ?? "value" }
}
