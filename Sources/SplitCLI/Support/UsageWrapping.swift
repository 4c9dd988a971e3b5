/// Wraps the `USAGE:` line of ArgumentParser's help at 80 columns.
///
/// ArgumentParser wraps every other part of the help to the screen, but prints the usage line
/// whole, and a command with the global options runs to 170 columns. The line is broken between
/// its items (never inside `[--since <YYYY-MM-DD>]`), and the rest is indented under the first
/// option, as man pages do.
enum UsageWrapping {
    static let width = 80

    static func wrap(_ message: String, width: Int = width) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("USAGE: ") && line.count > width ? wrapLine(String(line), width: width) : String(line)
        }.joined(separator: "\n")
    }

    /// `USAGE: split expenses [--member <name>] ...` as several lines.
    static func wrapLine(_ line: String, width: Int) -> String {
        let items = topLevelItems(line)
        // The command path ("USAGE:", "split", "expenses") stays on the first line; later lines
        // start under the first option, or 8 columns in when the path is very long.
        let pathCount = items.firstIndex { $0.hasPrefix("[") || $0.hasPrefix("<") || $0.hasPrefix("-") } ?? items.count
        let head = items[..<pathCount].joined(separator: " ")
        let indent = String(repeating: " ", count: head.count + 1 <= width / 2 ? head.count + 1 : 8)
        var lines: [String] = []
        var current = head
        for item in items[pathCount...] {
            if current.count + 1 + item.count > width, current != head, !current.allSatisfy({ $0 == " " }) {
                lines.append(current)
                current = indent + item
            } else {
                current += (current.isEmpty || current.hasSuffix(" ") ? "" : " ") + item
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// Splits at spaces outside `[...]` and `<...>`.
    static func topLevelItems(_ line: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        for character in line {
            switch character {
            case "[", "<": depth += 1
            case "]", ">": depth = max(0, depth - 1)
            default: break
            }
            if character == " " && depth == 0 {
                if !current.isEmpty { items.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { items.append(current) }
        return items
    }
}
