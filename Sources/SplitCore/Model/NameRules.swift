/// What makes an acceptable trip, member or category name, shared by the CLI, the store and the server.
///
/// Names are trimmed; 1 to 100 characters (the cloud schema's VARCHAR(100)); no control
/// characters. Member names also may not contain `,` or `=`, which the command line uses to
/// separate `--among Alex,Bea` and `--exact Alex=10`.
public enum NameRules {
    public static let maxLength = 100

    /// Returns the trimmed name or throws a message saying what is wrong.
    public static func trip(_ raw: String) throws(NameError) -> String {
        try check(raw, what: "trip", forbidden: [])
    }

    public static func member(_ raw: String) throws(NameError) -> String {
        try check(raw, what: "member", forbidden: [",", "="])
    }

    /// A category of the trip's own (`split category add`): the member-name rules of length
    /// and control characters. Commas and `=` are fine: a category is never one of a list.
    public static func category(_ raw: String) throws(NameError) -> String {
        try check(raw, what: "category", forbidden: [])
    }

    static func check(_ raw: String, what: String, forbidden: Set<Character>) throws(NameError) -> String {
        let name = raw.trimmingSpaces
        guard !name.isEmpty else { throw NameError(what: what, name: raw, problem: "it is empty") }
        guard name.count <= maxLength else {
            throw NameError(what: what, name: String(name.prefix(20)) + "…", problem: "it is longer than \(maxLength) characters")
        }
        if name.unicodeScalars.contains(where: TextRules.isControl) {
            throw NameError(what: what, name: name, problem: "it contains control characters")
        }
        if let bad = name.first(where: { forbidden.contains($0) }) {
            throw NameError(what: what, name: name, problem: "it contains '\(bad)', which separates names on the command line")
        }
        return name
    }
}

/// A refused trip or member name.
public struct NameError: Error, Equatable, Sendable, UserFacingError {
    public let what: String
    public let name: String
    public let problem: String

    public var message: String { "invalid \(what) name '\(name)': \(problem)" }
    public var kind: FailureKind { .data }
}
