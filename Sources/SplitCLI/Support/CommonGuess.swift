/// What people guess split's words to be, from other tools and from how they talk, and what
/// split calls it: `split expense list` for `split expenses`, `split add` for `add-expense`,
/// `--format pdf` for a report that prints from its html.
///
/// Guesses are answered, not run: a guess that did something would teach a second name for
/// every command, and `delete` alone could mean an expense, a payment or a trip. Typos of
/// split's own words are ``Suggestion``'s; these are words no typo distance reaches.
enum CommonGuess {
    /// Commands that do not exist, by the command path they were typed after, and the command
    /// path meant.
    private static let commands: [[String]: [String: [String]]] = [
        []: [
            "add": ["add-expense"], "expense-add": ["add-expense"], "list": ["expenses"], "ls": ["expenses"],
            "delete": ["expense", "delete"], "rm": ["expense", "delete"], "remove": ["expense", "delete"],
            "show": ["expense", "show"], "edit": ["expense", "edit"], "balance": ["balances"], "settle-up": ["settle"],
        ],
        ["expense"]: ["list": ["expenses"], "ls": ["expenses"], "add": ["add-expense"], "rm": ["expense", "delete"],
                      "remove": ["expense", "delete"]],
        ["payment"]: ["list": ["payments"], "ls": ["payments"], "add": ["pay"], "rm": ["payment", "delete"],
                      "remove": ["payment", "delete"]],
        ["member"]: ["ls": ["member", "list"], "rm": ["member", "remove"], "delete": ["member", "remove"]],
        ["trip"]: ["ls": ["trip", "list"], "new": ["trip", "create"], "add": ["trip", "create"], "rm": ["trip", "delete"]],
    ]

    /// The command meant by `word` typed after `path` (`expense list`: `expenses`), or nil.
    static func command(_ word: String, after path: [String]) -> [String]? {
        commands[path]?[word.lowercased()]
    }

    /// The answer to a value the option refuses, when it is a known guess: `report --format
    /// pdf`, `--format markdown`. nil for anything else.
    static func value(_ value: String, option: String, command path: [String]) -> String? {
        switch (path, option, value.lowercased()) {
        case (["report"], "--format", "pdf"):
            return "report format 'pdf' is not one split writes; write the html report and print it to PDF from "
                + "a browser: split report --format html -o trip.html"
        case (["report"], "--format", "markdown"):
            return "the value '\(value)' is invalid for '--format'; did you mean 'md'?"
        case (["report"], "--format", "txt"):
            return "the value '\(value)' is invalid for '--format'; did you mean 'text'?"
        case (["report"], "--format", "htm"):
            return "the value '\(value)' is invalid for '--format'; did you mean 'html'?"
        default:
            return nil
        }
    }
}
