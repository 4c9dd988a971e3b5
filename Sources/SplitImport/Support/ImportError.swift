import SplitCore

/// A file `split import` cannot take, with where in the file the problem is.
///
/// The location is what a person needs to find the spot in their own file: a CSV row and
/// column, a JSON path such as `BudgetSplitter_expenses[3].amount`, or a table row's id.
/// Nothing is imported when a reader throws.
public struct ImportError: UserFacingError, Equatable {
    public let location: String
    public let problem: String

    public let kind: FailureKind

    public init(_ location: String, _ problem: String, kind: FailureKind = .data) {
        self.location = location
        self.problem = problem
        self.kind = kind
    }

    public var message: String { location.isEmpty ? problem : "\(location): \(problem)" }
}
