import SplitJSON

/// `config get` and `config set`: one key's value (nil: none); `set` says `key = value`, and
/// the note of a preference kept here or waiting for the next sync.
struct ConfigValue: CommandResult {
    let key: String
    let value: String?
    /// `config set`: the text is `key = value`.
    var set = false
    var note: String?

    var json: JSONValue { .object([key: JSONRendering.string(value)]) }
    var lines: [String] { [set ? "\(key) = \(value ?? "none")" : value ?? "none"] }
    var notes: [String] { note.map { [$0] } ?? [] }
}
