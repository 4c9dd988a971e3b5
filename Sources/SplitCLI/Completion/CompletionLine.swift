import SplitStore

/// The command line a shell asks completion for, as ArgumentParser hands it to a callback:
/// every word as typed (quotes and escapes included), the index of the word being completed,
/// and the part of it before the cursor.
///
/// It finds what the command would use: the database of `--db` (else `$SPLIT_DB` and the
/// default place, by ``DatabaseLocation``, the rule every command follows) and the trip of
/// `--trip`, wherever they stand on the line. Completion must never disturb the person
/// typing, so every failure (no database yet, an unknown trip, a file of another app) offers
/// nothing, prints nothing, and the file is only ever read (``SplitStore/LocalBackend/completing(path:)``).
struct CompletionLine {
    let words: [String]
    let index: Int
    let prefix: String

    init(_ words: [String], _ index: Int, _ prefix: String) {
        self.words = words
        self.index = index
        self.prefix = Self.unquoted(prefix)
    }

    /// The candidates `body` finds in the line's database, as lines for the requesting shell;
    /// none on any failure.
    func offer(_ body: (LocalBackend, _ trip: String?) throws -> [CompletionCandidate]) -> [String] {
        let io = CommandIO.current
        let path = DatabaseLocation.resolve(flag: value(of: "--db"), io: io)
        guard let catalog = try? LocalBackend.completing(path: path),
              let candidates = try? body(catalog, value(of: "--trip")) else { return [] }
        return candidates.map { $0.line(shell: io.environment["SAP_SHELL"]) }
    }

    /// The value given to `option` on the line (`--trip X` or `--trip=X`), unquoted; not the
    /// word being completed, and nothing after a `--`.
    func value(of option: String) -> String? {
        var found: String?
        var position = words.startIndex
        while position < words.endIndex, words[position] != "--" {
            let word = words[position]
            if word == option, position + 1 < words.endIndex, position + 1 != index {
                found = words[position + 1]
                position += 1
            } else if word.hasPrefix(option + "="), position != index {
                found = String(word.dropFirst(option.count + 1))
            }
            position += 1
        }
        return found.map(Self.unquoted).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A list value being typed, `Alex,Bea,Ch`: the part up to and including the last comma,
    /// the names already in it (without any `=amount`), and the part being typed.
    var listPrefix: (head: String, named: Set<String>, tail: String) {
        guard let comma = prefix.lastIndex(of: ",") else { return ("", [], prefix) }
        let head = String(prefix[...comma])
        let named = head.split(separator: ",").map { part in
            String(part.split(separator: "=", maxSplits: 1).first ?? "").lowercased()
        }
        return (head, Set(named), String(prefix[prefix.index(after: comma)...]))
    }

    /// A shell word as the command receives it: quotes removed, backslash escapes undone.
    /// Enough for the names people type (`"Tokyo Trip"`, `Tokyo\ Trip`, `'Bea'`); the shells
    /// hand words over verbatim.
    static func unquoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil && (character == "'" || character == "\"") {
                quote = character
            } else {
                result.append(character)
            }
        }
        return result
    }
}
