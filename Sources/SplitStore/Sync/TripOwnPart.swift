/// What a trip holds that a server may or may not keep, and that the device therefore keeps
/// for itself on a server without it: the days members moved out, recurring rules, and the
/// trip's own categories. (A settle step in one currency is refused instead, never kept.)
public enum TripOwnPart: String, CaseIterable, Comparable, Sendable {
    case departures
    case recurring
    case categories

    public static func < (lhs: TripOwnPart, rhs: TripOwnPart) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The column's text for `parts` (``SchemaServerKeeps``).
    static func text(_ parts: Set<TripOwnPart>) -> String { parts.sorted().map(\.rawValue).joined(separator: ",") }

    /// The parts a column's text names; a name this build does not know is left out.
    static func parts(_ text: String) -> Set<TripOwnPart> {
        Set(text.split(separator: ",").compactMap { TripOwnPart(rawValue: String($0)) })
    }
}
