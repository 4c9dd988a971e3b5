/// When a recurring expense stops: never, after a date (`--until`, inclusive), or after a
/// number of instances (`--times`).
public enum RecurrenceEnd: Hashable, Sendable {
    case never
    case until(CivilDate)
    case times(Int)
}
