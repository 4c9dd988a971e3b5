import Foundation

struct ManualPage {
    let fileName: String
    let text: String
}

/// Turns a dumped command tree into man(7) pages of section 1: NAME, SYNOPSIS, DESCRIPTION (the
/// abstract and the discussion, indented lines kept as they are), the commands below it, the
/// arguments and options as `--help` groups them, and SEE ALSO linking the pages up and down.
struct ManualWriter {
    /// The date in each page's footer (YYYY-MM-DD).
    let date: String
    /// The footer's source, such as "split 0.1.0".
    let source: String

    /// SOURCE_DATE_EPOCH's day if it is set (reproducible packages), else today's; in UTC.
    static func today() -> String {
        let environment = ProcessInfo.processInfo.environment
        let date = environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:)) ?? Date()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    /// The page of `command` and of every command shown below it, parents first.
    func pages(for command: DumpedCommand, parent: DumpedCommand? = nil) -> [ManualPage] {
        [page(for: command, parent: parent)] + command.shownSubcommands.flatMap { pages(for: $0, parent: command) }
    }

    func page(for command: DumpedCommand, parent: DumpedCommand?) -> ManualPage {
        var lines: [String] = []
        lines.append(".TH \(quoted(command.pageName.uppercased())) 1 \(quoted(date)) \(quoted(source)) \(quoted("User Commands"))")
        // Left-aligned and unhyphenated: the text holds JSON, paths and options that must read as typed.
        lines.append(".ad l")
        lines.append(".nh")
        lines.append(".SH NAME")
        let abstract = oneLine(command.abstract ?? "")
        lines.append(Self.escaped(command.pageName) + (abstract.isEmpty ? "" : " \\- " + Self.escaped(abstract)))

        lines.append(".SH SYNOPSIS")
        lines.append(synopsis(command))

        if command.abstract != nil || command.discussion != nil {
            lines.append(".SH DESCRIPTION")
            if !abstract.isEmpty { lines.append(contentsOf: Self.text(abstract)) }
            if let discussion = command.discussion, !discussion.isEmpty {
                if !abstract.isEmpty { lines.append(".PP") }
                lines.append(contentsOf: Self.text(discussion))
            }
        }

        let subcommands = command.shownSubcommands
        if !subcommands.isEmpty {
            lines.append(".SH COMMANDS")
            for subcommand in subcommands {
                lines.append(".TP")
                lines.append("\\fB\(Self.escaped(subcommand.commandName))\\fR")
                var about = oneLine(subcommand.abstract ?? "")
                if let aliases = subcommand.aliases, !aliases.isEmpty {
                    about += (about.isEmpty ? "" : " ") + "(also: \(aliases.joined(separator: ", ")))"
                }
                about += (about.isEmpty ? "" : " ") + "See \(subcommand.pageName)(1)."
                lines.append(contentsOf: Self.text(about))
            }
        }

        let arguments = command.shownArguments
        let positionals = arguments.filter(\.isPositional)
        if !positionals.isEmpty {
            lines.append(".SH ARGUMENTS")
            for argument in positionals { lines.append(contentsOf: entry(argument)) }
        }
        let options = arguments.filter { !$0.isPositional }
        if !options.isEmpty {
            lines.append(".SH OPTIONS")
            // Untitled first, then each titled group in the order it first appears, as --help does.
            var titles: [String] = []
            for option in options { if let title = option.sectionTitle, !titles.contains(title) { titles.append(title) } }
            for option in options where option.sectionTitle == nil { lines.append(contentsOf: entry(option)) }
            for title in titles {
                lines.append(".SS \(quoted(title))")
                for option in options where option.sectionTitle == title { lines.append(contentsOf: entry(option)) }
            }
        }

        let related = (parent.map { [$0.pageName] } ?? []) + subcommands.map(\.pageName)
        if !related.isEmpty {
            lines.append(".SH SEE ALSO")
            for (index, name) in related.enumerated() {
                lines.append(".BR \(Self.escaped(name)) (1)\(index == related.count - 1 ? "" : ",")")
            }
        }
        return ManualPage(fileName: command.pageName + ".1", text: lines.joined(separator: "\n") + "\n")
    }

    /// `split trip create [options] <name>`, or `split trip <command>` for a command of commands.
    private func synopsis(_ command: DumpedCommand) -> String {
        var parts = ["\\fB\(Self.escaped(command.words.joined(separator: " ")))\\fR"]
        let arguments = command.shownArguments
        if arguments.contains(where: { !$0.isPositional }) { parts.append("[\\fIoptions\\fR]") }
        for argument in arguments where argument.isPositional {
            var word = "\\fI\(Self.escaped(argument.value))\\fR" + (argument.repeating ? "\\ ..." : "")
            if argument.optional { word = "[" + word + "]" }
            parts.append(word)
        }
        if !command.shownSubcommands.isEmpty { parts.append("\\fIcommand\\fR") }
        return parts.joined(separator: " ")
    }

    /// One argument or option as a tagged paragraph: its names and value, then what it does,
    /// its values and its default.
    private func entry(_ argument: DumpedArgument) -> [String] {
        var tag: String
        if argument.isPositional {
            tag = "\\fI\(Self.escaped(argument.value))\\fR" + (argument.repeating ? " ..." : "")
        } else {
            let names = argument.names ?? argument.preferredName.map { [$0] } ?? []
            tag = names.map { name in
                "\\fB\(Self.escaped(name.typed))\\fR" + (argument.takesValue ? " \\fI\(Self.escaped(argument.value))\\fR" : "")
            }.joined(separator: ", ")
            if argument.repeating { tag += " ..." }
        }
        var lines = [".TP", tag]
        var body = oneLine(argument.abstract ?? "")
        if argument.repeating && !argument.isPositional {
            body += (body.isEmpty ? "" : " ") + "May be given more than once."
        }
        if let values = argument.allValues, !values.isEmpty, argument.allValueDescriptions == nil {
            body += (body.isEmpty ? "" : " ") + "One of: \(values.joined(separator: ", "))."
        }
        if let defaultValue = argument.defaultValue, !defaultValue.isEmpty, argument.takesValue || argument.isPositional {
            body += (body.isEmpty ? "" : " ") + "Default: \(defaultValue)."
        }
        lines.append(contentsOf: Self.text(body, paragraph: ".IP"))
        if let descriptions = argument.allValueDescriptions, !descriptions.isEmpty {
            for value in argument.allValues ?? descriptions.keys.sorted() {
                lines.append(".RS")
                lines.append(".TP")
                lines.append("\\fB\(Self.escaped(value))\\fR")
                lines.append(contentsOf: Self.text(descriptions[value] ?? ""))
                lines.append(".RE")
            }
        }
        if let discussion = argument.discussion, !discussion.isEmpty {
            lines.append(".IP")
            lines.append(contentsOf: Self.text(discussion, paragraph: ".IP"))
        }
        return lines
    }

    private func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    private func quoted(_ text: String) -> String {
        "\"" + Self.escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }

    /// `text` as roff: blank lines start paragraphs; runs of indented lines (examples, tables)
    /// are kept line for line in no-fill mode; other lines are filled.
    static func text(_ text: String, paragraph: String = ".PP") -> [String] {
        var lines: [String] = []
        var verbatim = false
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                if verbatim { lines.append(".fi"); verbatim = false }
                if let last = lines.last, last != paragraph { lines.append(paragraph) }
                continue
            }
            let indented = line.first == " " || line.first == "\t"
            if indented && !verbatim { lines.append(".nf"); verbatim = true }
            if !indented && verbatim { lines.append(".fi"); verbatim = false }
            lines.append(indented ? escapedLine(line) : breakable(escapedLine(trimmed)))
        }
        if verbatim { lines.append(".fi") }
        while lines.last == paragraph { lines.removeLast() }
        return lines
    }

    /// A filled line with a break point (`\:`) after each comma that no space follows, so a long
    /// list or JSON example can wrap instead of running past the page's width.
    static func breakable(_ line: String) -> String {
        var out = ""
        var previous: Character?
        for character in line {
            if previous == ",", character != " " { out += "\\:" }
            out.append(character)
            previous = character
        }
        return out
    }

    /// One line of text: a leading `.` or `'` would be read as a request, so it gets `\&`.
    static func escapedLine(_ line: String) -> String {
        let escaped = escaped(line)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Backslashes and hyphens as roff wants them (`\e`, `\-`, so options copy as typed).
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(character)
            }
        }
        return out
    }
}
