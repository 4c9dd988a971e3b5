import Foundation
import SplitCore
import SplitJSON

/// Writes command results: text for people, JSON with `--json`.
///
/// JSON is pretty-printed on a terminal and compact otherwise, so pipes and files get one
/// line per document.
struct Output: Sendable {
    let json: Bool
    let isTerminal: Bool
    /// The streams of the run that made this output.
    let io: CommandIO

    init(json: Bool, io: CommandIO = .current) {
        self.json = json
        self.io = io
        self.isTerminal = io.outputIsTerminal
    }

    func line(_ text: String = "") {
        write(text + "\n")
    }

    func write(_ text: String) {
        io.output(text)
    }

    func emit(_ value: JSONValue) {
        line(value.serialized(pretty: isTerminal))
    }

    /// Writes raw bytes (a chunk of streamed JSON).
    func write(bytes: [UInt8]) {
        io.writeOutput(bytes)
    }

    /// Prints a command's result: its notes on stderr, then its JSON with `--json`, else its
    /// lines; then throws its failure, if it carries one (printed first, so the person sees
    /// what was done before the exit code says it failed).
    func render(_ result: some CommandResult) throws {
        for text in result.notes { note(text) }
        if !result.written {
            if json {
                emit(result.json)
            } else {
                for text in result.lines { line(text) }
            }
        }
        if let failure = result.failure { throw failure }
    }

    /// A note for people on stderr, never mixed into data on stdout.
    func note(_ text: String) {
        io.error(text + "\n")
    }
}
