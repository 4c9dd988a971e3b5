import Foundation
import SplitCloud
import SplitCore

/// Builds cloud clients the way every command should: with the standard retry policy, the
/// real clock, idempotency keys from the run's ids, and waits (rate limits) reported on stderr so a long
/// wait is never silent.
enum CloudConnector {
    /// `notice` receives the waits; default: a line on stderr.
    static func client(server: ServerAddress, token: String?, ids: IDGenerator, output: Output,
                       notice: (@Sendable (String) -> Void)? = nil) -> CloudClient {
        let transport = CloudTransport(server: server, notice: notice ?? { output.note("split: \($0)") })
        return CloudClient(transport: transport, token: token, ids: ids)
    }

    /// The server an account command acts on: `--server`, else `SPLIT_SERVER`, else the saved one.
    static func server(flag: String?, settings: CloudSettings, environment: [String: String]) throws -> ServerAddress {
        if let flag { return try ServerAddress(flag) }
        return try CloudSession.server(settings: settings, environment: environment)
    }
}
