import SplitCloud
import SplitCore

/// Why an upload stopped, as one line that says what to do next.
///
/// Local data is never changed by an upload (only its id map), and every line about a stopped
/// upload says so, says how much is on the server, and that running `split upload` again
/// resumes without sending anything twice. The exit code follows the cause: 75 for an
/// unreachable server, 77 for a refused token, 65 for data the server refuses.
public enum UploadError: Error, Equatable, Sendable, UserFacingError {
    /// Found before anything was sent: a currency or amount the server refuses, a bad name.
    case invalid(String)
    /// A new cloud trip would take the name of another one of this account.
    case nameTaken(name: String, server: String)
    /// Stopped part-way; `cause` is the underlying problem, `uploaded` what the server holds.
    case interrupted(cause: String, kind: FailureKind, uploaded: String)

    public var message: String {
        switch self {
        case .invalid(let text):
            return text
        case .nameTaken(let name, let server):
            return "a cloud trip named '\(name)' already exists on \(server); choose another name with --name NAME"
        case .interrupted(let cause, let kind, let uploaded):
            let next = kind == .unauthenticated ? "then run split upload again to resume" : "run split upload again to resume"
            return "\(cause). On the server so far: \(uploaded); \(next) (it checks what the server already has, so nothing is sent twice)"
        }
    }

    public var kind: FailureKind {
        switch self {
        case .invalid, .nameTaken: return .data
        case .interrupted(_, let kind, _): return kind
        }
    }

    /// Wraps whatever stopped a run, keeping its exit code.
    static func interrupted(_ error: any Error, uploaded: String) -> UploadError {
        if let upload = error as? UploadError { return upload }
        let cause: String
        let kind: FailureKind
        switch error {
        case let cloud as CloudError:
            cause = Self.describe(cloud)
            kind = cloud.kind
        case let facing as UserFacingError:
            cause = facing.message
            kind = facing.kind
        default:
            cause = "\(error)"
            kind = .io
        }
        return .interrupted(cause: cause, kind: kind, uploaded: uploaded)
    }

    /// The cause, saying for every network failure that local data is unchanged.
    private static func describe(_ error: CloudError) -> String {
        switch error {
        case .noAnswer(let server, let request):
            return "no answer from the server at \(server) to \(request) (timeout or dropped connection); "
                + "your local data is unchanged"
        case .serverFailed(let server, let status, let detail):
            return "the server at \(server) failed with HTTP \(status) (\(detail)); your local data is unchanged"
        case .rateLimited:
            return error.message + "; your local data is unchanged"
        default:
            return error.message
        }
    }
}
