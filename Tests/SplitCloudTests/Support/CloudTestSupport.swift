import Foundation
import NIOConcurrencyHelpers
import SplitCloud
@testable import SplitServer
import Testing

/// Clients, accounts and faults for the library-level tests.
enum CloudTestSupport {
    /// A client whose waits go to `clock` and whose notices are kept in `notices`.
    static func client(_ server: CloudTestServer.Running, token: String? = nil, clock: ManualClock,
                       policy: RetryPolicy = .standard, notices: Notices? = nil, faults: (any CloudFaultHook)? = nil)
        -> CloudClient {
        let transport = CloudTransport(server: server.address, policy: policy, clock: clock,
                                       notice: { notices?.append($0) }, faults: faults)
        return CloudClient(transport: transport, token: token)
    }

    /// Registers a fresh account and returns a client logged in with its token.
    static func account(_ server: CloudTestServer.Running, clock: ManualClock, faults: (any CloudFaultHook)? = nil)
        async throws -> CloudClient {
        let anonymous = client(server, clock: clock)
        let login = try await anonymous.register(email: "u-\(UUID().uuidString.prefix(8))@example.com", phone: nil,
                                                 password: "password-1", displayName: "Ann")
        return client(server, token: login.token, clock: clock, faults: faults)
    }
}

/// Messages a transport reported.
final class Notices: Sendable {
    private let lines = NIOLockedValueBox([String]())
    func append(_ line: String) { lines.withLockedValue { $0.append(line) } }
    var all: [String] { lines.withLockedValue { $0 } }
}

/// Injects `fault` once, at the first request matching `method` and `path` in `phase`.
final class OneShotFault: CloudFaultHook {
    let method: CloudRequest.Method
    let path: String
    let phase: CloudFaultPhase
    let fault: CloudFault
    private let fired = NIOLockedValueBox(false)
    private let attempts = NIOLockedValueBox(0)

    init(_ fault: CloudFault, _ method: CloudRequest.Method, _ path: String, phase: CloudFaultPhase) {
        self.fault = fault
        self.method = method
        self.path = path
        self.phase = phase
    }

    /// How many times a matching request was about to be sent.
    var sends: Int { attempts.withLockedValue { $0 } }

    func fault(for request: CloudRequest, attempt: Int, phase: CloudFaultPhase) async -> CloudFault? {
        guard request.method == method, request.path == path else { return nil }
        if phase == .beforeSending { attempts.withLockedValue { $0 += 1 } }
        let matches: Bool
        switch (self.phase, phase) {
        case (.beforeSending, .beforeSending), (.afterResponse, .afterResponse): matches = true
        default: matches = false
        }
        guard matches else { return nil }
        return fired.withLockedValue { fired in
            if fired { return nil }
            fired = true
            return fault
        }
    }
}
