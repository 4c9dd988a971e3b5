/// When a recurring expense stops: never, after a date (`--until`, inclusive), or after a
/// number of instances (`--times`).
public enum RecurrenceEnd: Hashable, Sendable {
    case never
    case until(CivilDate)
    case times(Int)
}

extension RecurrenceEnd {
    /// Reads `--until` and `--times`: nil when neither is given (the caller's default: never
    /// for a new rule, the rule's own end for an edit). Both at once are refused.
    public init?(until: CivilDate?, times: Int?) throws(RecurrenceError) {
        switch (until, times) {
        case (.some, .some): throw .untilAndTimes
        case (.some(let until), nil): self = .until(until)
        case (nil, .some(let times)): self = .times(times)
        case (nil, nil): return nil
        }
    }
}

extension RecurrenceEnd {
    /// The last day, for an end given by `--until`.
    public var untilDate: CivilDate? {
        if case .until(let date) = self { return date }
        return nil
    }

    /// How many instances, for an end given by `--times`.
    public var times: Int? {
        if case .times(let count) = self { return count }
        return nil
    }
}
