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

    init(json: Bool) {
        self.json = json
        self.isTerminal = isatty(STDOUT_FILENO) == 1
    }

    func line(_ text: String = "") {
        write(text + "\n")
    }

    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func emit(_ value: JSONValue) {
        line(value.serialized(pretty: isTerminal))
    }

    /// Writes raw bytes (a chunk of streamed JSON).
    func write(bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// A note for people on stderr, never mixed into data on stdout.
    func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
