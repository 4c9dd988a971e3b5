import SplitCore

/// The documented exit codes (BSD sysexits), decided here and nowhere else.
///
/// | code | meaning |
/// |---|---|
/// | 0 | success |
/// | 64 | usage: unknown flag, missing argument, contradictory options |
/// | 65 | bad data: amount, currency, name, date, split, unknown member/trip/expense |
/// | 66 | an input file cannot be read |
/// | 69 | not available in this mode |
/// | 70 | `split upload` finished, but the server's balances differ from the local ones |
/// | 74 | the database cannot be opened, read or written |
/// | 75 | the cloud server is unreachable (after retries); local data is unchanged |
/// | 76 | the cloud server answered something split cannot read |
/// | 77 | the cloud server refused the token: log in again with `split login --server URL` |
public enum ExitStatus {
    public static func code(for kind: FailureKind) -> Int32 {
        switch kind {
        case .usage: return 64
        case .data, .notFound: return 65
        case .noInput: return 66
        case .unavailable: return 69
        case .unverified: return 70
        case .io: return 74
        case .unreachable: return 75
        case .remoteProtocol: return 76
        case .unauthenticated: return 77
        }
    }
}
