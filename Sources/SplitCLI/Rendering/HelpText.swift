/// Help text written as source lines, made ready for ArgumentParser, which wraps every line at
/// the screen width (80 columns off a terminal) but keeps the line breaks it is given.
///
/// A paragraph typed over several source lines would come out ragged ("…Remainders go one" /
/// "minor unit at a time…"), so consecutive prose lines are joined into one line that
/// ArgumentParser then wraps evenly. Indented lines (examples, lists) and lines ending in `:`
/// (headings such as "Examples:") keep their own lines; keep those under 80 columns.
enum HelpText {
    static func reflow(_ text: String) -> String {
        var lines: [String] = []
        var joinable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let prose = !line.isEmpty && !line.hasPrefix(" ") && !line.hasSuffix(":")
            if prose && joinable, let last = lines.popLast() {
                lines.append(last + " " + line)
            } else {
                lines.append(line)
            }
            joinable = prose
        }
        return lines.joined(separator: "\n")
    }
}
