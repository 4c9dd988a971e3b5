import Foundation

/// One word completion offers, with an optional few words that say what it is.
///
/// An expense id means nothing to a person, so ids carry their description. zsh and fish
/// show such a help next to the word; bash cannot, and gets the word alone. The shell comes
/// from `SAP_SHELL`, which the generated scripts set for the call (read from the run's
/// environment, not from ArgumentParser's process-wide setting, so runs in one process never
/// see each other's shell).
struct CompletionCandidate: Equatable {
    let value: String
    let help: String?

    init(_ value: String, help: String? = nil) {
        self.value = value
        self.help = help
    }

    /// The line the shell reads: `value:help` for zsh's `_describe` (a `:` in the value
    /// escaped), `value<TAB>help` for fish, the value alone for bash.
    func line(shell: String?) -> String {
        guard let help = help.map(Self.oneLine), !help.isEmpty else { return value }
        switch shell {
        case "zsh": return value.replacingOccurrences(of: ":", with: "\\:") + ":" + help
        case "fish": return value + "\t" + help
        default: return value
        }
    }

    /// Help text on one line with no tab: a candidate is one line of the shell's reading.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
    }
}
