import SplitCore

/// Why a cloud operation failed, as one line a person can act on.
///
/// The ``kind`` decides the exit code in the CLI (see `ExitStatus`): an unreachable server is 75
/// and always says that local data is unchanged; a refused token is 77 and says how to log in
/// again; a missing server extension is 69 and names what the server lacks.
public enum CloudError: Error, Equatable, Sendable, UserFacingError {
    /// Connection refused, timeouts or 5xx answers, after every retry a safe request gets.
    case unreachable(server: String, detail: String)
    /// The server kept answering 429 longer than this client is willing to wait.
    case rateLimited(server: String, retryAfterSeconds: Int)
    /// A 5xx to a request that was not retried because repeating it could store it twice.
    case serverFailed(server: String, status: Int, detail: String)
    /// A request safe to repeat failed with a 5xx on every attempt: the server answered, so
    /// it is not unreachable, and nothing was changed by the failed attempts.
    case serverKeptFailing(server: String, status: Int, detail: String, attempts: Int)
    /// No answer (timeout, dropped connection) to a request that was not retried for the same reason.
    case noAnswer(server: String, request: String)
    /// 401 or 403 on a request carrying the stored token.
    case tokenRefused(server: String)
    /// No token stored for the server (and no `SPLIT_TOKEN`).
    case notLoggedIn(server: String)
    /// Cloud mode without a server: nothing logged in yet and no `SPLIT_SERVER`.
    case noServer
    /// A server URL that is not `http(s)://host[:port][/path]`.
    case badServerAddress(String)
    /// Wrong email/phone or password at login.
    case badCredentials(server: String)
    /// The server refused the request with a 4xx other than 401/403/404/429.
    case refused(status: Int, detail: String)
    /// The thing asked for does not exist on the server.
    case notFound(String)
    /// The server answered, but not in a shape this client understands.
    case badResponse(server: String, detail: String)
    /// The server lacks an extension a command needs, or cloud mode cannot do it at all.
    case unsupported(String)
    /// Input refused before anything was sent.
    case invalid(String)
    /// The credentials or config file could not be read or written.
    case configFile(path: String, reason: String)

    public var message: String {
        switch self {
        case .unreachable(let server, let detail):
            return "server unreachable at \(server); your local data is unchanged (\(detail))"
        case .rateLimited(let server, let seconds):
            return "the server at \(server) is still limiting requests; nothing more was sent. "
                + "Try again in \(seconds) seconds"
        case .serverFailed(let server, let status, let detail):
            return "the server at \(server) failed with HTTP \(status) (\(detail)); it may or may not have stored the "
                + "change, so check before repeating it"
        case .serverKeptFailing(let server, let status, let detail, let attempts):
            return "the server at \(server) failed with HTTP \(status) (\(detail)) on each of \(attempts) attempts; "
                + "your local data is unchanged"
        case .noAnswer(let server, let request):
            return "no answer from the server at \(server) to \(request) (timeout or dropped connection); it may or may "
                + "not have stored the change, so check before repeating it"
        case .tokenRefused(let server):
            return "the server at \(server) refused the stored token (expired or revoked); "
                + "log in again with: split login --server \(server)"
        case .notLoggedIn(let server):
            return "not logged in to \(server); log in again with: split login --server \(server)"
        case .noServer:
            return "no cloud server is set; log in with: split login --server URL, or set SPLIT_SERVER"
        case .badServerAddress(let text):
            return "'\(text)' is not a server address; use http://HOST[:PORT] or https://HOST[:PORT], "
                + "e.g. http://127.0.0.1:3012"
        case .badCredentials(let server):
            return "wrong email/phone or password for \(server)"
        case .refused(let status, let detail):
            return "the server refused the request (HTTP \(status)): \(detail)"
        case .notFound(let what), .unsupported(let what), .invalid(let what):
            return what
        case .badResponse(let server, let detail):
            return "the server at \(server) sent an answer split cannot read: \(detail)"
        case .configFile(let path, let reason):
            return "cannot use \(path): \(reason)"
        }
    }

    public var kind: FailureKind {
        switch self {
        case .unreachable, .rateLimited, .serverFailed, .serverKeptFailing, .noAnswer: return .unreachable
        case .tokenRefused, .notLoggedIn, .badCredentials: return .unauthenticated
        case .noServer, .badServerAddress: return .usage
        case .refused, .invalid: return .data
        case .notFound: return .notFound
        case .badResponse: return .remoteProtocol
        case .unsupported: return .unavailable
        case .configFile: return .io
        }
    }
}
