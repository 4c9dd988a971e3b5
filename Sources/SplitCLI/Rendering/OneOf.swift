import SplitJSON

/// A command whose flags choose between two results (`trip list` or `trip list --cloud`,
/// `trip rate` setting or listing): it returns one of them, rendered as that one.
enum OneOf<First: CommandResult, Second: CommandResult>: CommandResult {
    case first(First)
    case second(Second)

    var json: JSONValue {
        switch self {
        case .first(let result): result.json
        case .second(let result): result.json
        }
    }

    var lines: [String] {
        switch self {
        case .first(let result): result.lines
        case .second(let result): result.lines
        }
    }

    var notes: [String] {
        switch self {
        case .first(let result): result.notes
        case .second(let result): result.notes
        }
    }

    var failure: (any Error)? {
        switch self {
        case .first(let result): result.failure
        case .second(let result): result.failure
        }
    }

    var written: Bool {
        switch self {
        case .first(let result): result.written
        case .second(let result): result.written
        }
    }
}
