import SplitJSON

/// A report, an export or a streamed listing, already written (``CommandResult/written``),
/// with the note that says where, when it went to a file.
struct DocumentWritten: CommandResult {
    let note: String?

    var json: JSONValue { .null }
    var lines: [String] { [] }
    var notes: [String] { note.map { [$0] } ?? [] }
    var written: Bool { true }
}
