import Foundation
import SplitServer
import SplitTestSupport
import Testing

/// `split-server`'s limits for slow clients as the built binary reads them: each bad value,
/// from a flag or the environment, is one line naming it and what is accepted, exit 64, before
/// any database is tried; `--help` shows each with its default.
@Suite("split-server's connection flags")
struct ServerFlagsTests {
    /// Runs the built `split-server` with `arguments` and `environment` over this process's.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ToolRun {
        let binary = URL(fileURLWithPath: try splitBinaryPath.get()).deletingLastPathComponent().appendingPathComponent("split-server")
        // A database nobody listens on: a value that passed would fail later, with exit 69.
        let base = ProcessInfo.processInfo.environment.merging(["DATABASE_URL": "postgres://nobody@127.0.0.1:1/none", "PORT": "1"]) { $1 }
        return try ToolRun(binary.path, arguments, environment: base.merging(environment) { $1 })
    }

    @Test("a bad value is one line naming it and what is accepted, exit 64", arguments: [
        (["--header-timeout", "0"], [:], "header timeout '0' is not a number of seconds (more than 0, at most 86400)"),
        (["--idle-timeout", "soon"], [:], "idle timeout 'soon' is not a number of seconds"),
        ([], ["IDLE_TIMEOUT": "-5"], "idle timeout '-5' is not a number of seconds"),
        (["--min-body-rate", "0"], [:], "min body rate '0' is not a number of bytes per second (1 or more)"),
        ([], ["MAX_CONNECTIONS": "0"], "max connections '0' is not a number of connections below the file limit"),
        (["--max-connections", "\(ConnectionLimits.fileLimit())"], [:], "below the file limit of \(ConnectionLimits.fileLimit())"),
        (["--trusted-proxy", "10.0.0.0/33"], [:], "trusted proxy '10.0.0.0/33' is not an IP address or CIDR range"),
        ([], ["TRUSTED_PROXIES": "10.0.0.1, proxy.local"], "trusted proxy 'proxy.local' is not an IP address or CIDR range"),
    ] as [([String], [String: String], String)])
    func badValues(arguments: [String], environment: [String: String], message: String) throws {
        let result = try Self.run(arguments, environment: environment)
        #expect(result.status == 64, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("split-server: error: ") && lines[0].contains(message), "\(result.stderr)")
    }

    @Test("--help shows each flag with its environment variable and default")
    func help() throws {
        let help = try Self.run(["--help"]).stdout
        let defaults = ConnectionLimits.defaults
        for text in ["--header-timeout", "HEADER_TIMEOUT; default \(defaults.headerTimeout.components.seconds)",
                     "--min-body-rate", "MIN_BODY_RATE; default \(defaults.minBodyRate)",
                     "--idle-timeout", "IDLE_TIMEOUT; default \(defaults.idleTimeout.components.seconds)",
                     "--max-connections", "MAX_CONNECTIONS", "--trusted-proxy", "TRUSTED_PROXIES"] {
            #expect(help.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
                .contains(text), "\(text)")
        }
    }
}
