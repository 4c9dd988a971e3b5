import SplitCore

/// The documented exit codes (BSD sysexits): the one table in the code. `split --help` prints
/// it (``helpText``), the README copies it, and every failure's code comes from ``code(for:)``.
public enum ExitStatus {
    /// Every exit code split uses, with what it means, in order.
    public static let table: [(code: Int32, meaning: String)] = [
        (0, "success"),
        (64, "usage: unknown flag, missing argument, contradictory options"),
        (65, "bad data: amount, currency, name, date, split, an unknown trip or member"),
        (66, "an input file cannot be read"),
        (69, "not available on this server (the Node server lacks some changes)"),
        (70, "split upload finished, but the server's balances differ from local ones"),
        (74, "database: cannot be opened, read or written, or holds an unreadable value"),
        (75, "cloud server unreachable after retries; local data is unchanged"),
        (76, "the cloud server sent an answer split cannot read"),
        (77, "the cloud server refused the token: log in again with split login"),
    ]

    /// The exit code of a failure of this kind.
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

    /// The table as help text, one code per line so it never wraps mid-list at 80 columns.
    static var helpText: String {
        "\nExit codes:\n" + table.map { "  \($0.code)\(String(repeating: " ", count: 4 - "\($0.code)".count))\($0.meaning)" }
            .joined(separator: "\n")
    }
}
