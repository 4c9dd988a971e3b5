/// An error meant for a person: one line saying what was wrong and what is accepted.
///
/// The typed errors of the domain, the store, the importers and the cloud client conform. The
/// CLI turns ``kind`` into an exit code in exactly one place (`ExitStatus`). The server does
/// not use this protocol: it validates into its own `APIError`, which becomes an HTTP status.
public protocol UserFacingError: Error, Sendable {
    var message: String { get }
    var kind: FailureKind { get }
}

/// The broad class of a failure, which decides the CLI's exit code (sysexits).
public enum FailureKind: Sendable, Equatable {
    /// The command line itself was wrong (64).
    case usage
    /// The input data was wrong: amounts, names, dates, splits (65).
    case data
    /// A named thing does not exist (65 as well: it is bad input).
    case notFound
    /// An input file could not be read (66).
    case noInput
    /// The database could not be opened, read or written, or holds an unreadable value (74).
    case io
    /// The operation is not possible in this mode or against this server (69).
    case unavailable
    /// The cloud server could not be reached, even after retries; nothing was changed (75).
    case unreachable
    /// The cloud server answered something this client cannot read (76).
    case remoteProtocol
    /// The cloud server refused the stored token: log in again (77).
    case unauthenticated
    /// An upload finished, but the server's balances differ from the local ones (70).
    case unverified
}
