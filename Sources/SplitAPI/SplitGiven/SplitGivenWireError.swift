/// Why a `splitGiven` on the wire is not a split as given: one line naming the field, which
/// split-server answers as a 400 and a client reads as "no split as given" for that expense.
public struct SplitGivenWireError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(message: String) { self.message = message }

    /// `splitGiven.parts[1].value must be …`.
    public init(field: String, problem: String) { self.message = "\(field) \(problem)" }

    public var description: String { message }
}
