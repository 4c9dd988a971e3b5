import ArgumentParser
import SplitJSON

/// The options one command declares, read from its ArgumentParser definition: the names each
/// is typed by, whether it takes a value, whether it may be repeated and its value's name.
///
/// Read from ArgumentParser's own description of the command (`_dumpHelp()`, the JSON its
/// `--experimental-dump-help` prints), so a rule over options (``RepeatedOptions``, the
/// suggestions of ``UsageMessage``) holds for every command without a list of them to keep in
/// step. Building it costs a few milliseconds, so it is only read once a command line needs it.
struct CommandOptions {
    struct Option {
        /// Every way to type it, with its dashes: `--paid-by`, `-o`.
        let names: [String]
        /// Whether a value follows it (an option), or not (a flag).
        let takesValue: Bool
        /// Whether it may be given more than once (an array, such as `--item`).
        let isRepeating: Bool
        /// What its value is called in the help: `A,B,...`, `date`.
        let valueName: String?
        /// Its help text.
        let help: String

        /// The name to show: the first long one.
        var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }

        /// Whether its value is a comma-separated list (`A,B,...`, `A=10,B=5`), so that values
        /// given apart can be given as one.
        var takesList: Bool { valueName?.contains(",") == true }
    }

    let options: [Option]

    init(_ command: any ParsableCommand.Type) {
        let dump = (try? JSONParser.parse(command._dumpHelp())) ?? .null
        let arguments = dump["command"]?["arguments"]?.arrayValue ?? []
        options = arguments.compactMap { argument in
            let kind = argument["kind"]?.stringValue
            guard kind == "option" || kind == "flag" else { return nil }
            let names: [String] = (argument["names"]?.arrayValue ?? []).compactMap { name in
                guard let text = name["name"]?.stringValue else { return nil }
                return (name["kind"]?.stringValue == "long" ? "--" : "-") + text
            }
            guard !names.isEmpty else { return nil }
            return Option(names: names, takesValue: kind == "option", isRepeating: argument["isRepeating"]?.boolValue == true,
                          valueName: argument["valueName"]?.stringValue, help: argument["abstract"]?.stringValue ?? "")
        }
    }

    /// The option typed as `word` (`--among`, `--among=Ana`, `-o`), or nil.
    func option(typed word: String) -> Option? {
        let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
        return options.first { $0.names.contains(name) }
    }
}
