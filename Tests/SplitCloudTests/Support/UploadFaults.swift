import NIOConcurrencyHelpers
import SplitCloud

/// Kills the "process" at request number `n` (1-based, counting every send, retries included):
/// before it is sent, or, with `afterAnswer`, once its answer arrived (the server acted, the
/// answer is lost). Every later request halts as well: a killed process sends nothing more.
final class KillAt: CloudFaultHook {
    let n: Int
    let afterAnswer: Bool
    private let state = NIOLockedValueBox((sends: 0, answers: 0, killed: false))

    init(_ n: Int, afterAnswer: Bool) {
        self.n = n
        self.afterAnswer = afterAnswer
    }

    var killed: Bool { state.withLockedValue { $0.killed } }

    func fault(for request: CloudRequest, attempt: Int, phase: CloudFaultPhase) async -> CloudFault? {
        state.withLockedValue { state in
            if state.killed { return .halt }
            switch phase {
            case .beforeSending:
                state.sends += 1
                if !afterAnswer && state.sends == n { state.killed = true }
            case .afterResponse:
                state.answers += 1
                if afterAnswer && state.answers == n { state.killed = true }
            }
            return state.killed ? .halt : nil
        }
    }
}

/// Loses the answer of every `every`-th POST once, as a dropped connection after the server
/// acted would: split-server's idempotency keys make the transport's retry safe.
final class LoseAnswers: CloudFaultHook {
    let every: Int
    private let posts = NIOLockedValueBox(0)

    init(every: Int) { self.every = every }

    var lost: Int { posts.withLockedValue { $0 } / every }

    func fault(for request: CloudRequest, attempt: Int, phase: CloudFaultPhase) async -> CloudFault? {
        guard request.method == .post, attempt == 1, case .afterResponse = phase else { return nil }
        return posts.withLockedValue { count in
            count += 1
            return count % every == 0 ? .responseLost : nil
        }
    }
}

/// Records every request sent (`POST /api/expenses`), and injects nothing.
final class RequestLog: CloudFaultHook {
    private let lines = NIOLockedValueBox([String]())

    var all: [String] { lines.withLockedValue { $0 } }
    /// Requests other than GET.
    var writes: [String] { all.filter { !$0.hasPrefix("GET ") } }

    func fault(for request: CloudRequest, attempt: Int, phase: CloudFaultPhase) async -> CloudFault? {
        if phase == .beforeSending { lines.withLockedValue { $0.append(request.description) } }
        return nil
    }
}

/// Stops, as a killed process would, before the first request with this method whose path
/// ends with `pathSuffix`, and everything after it.
final class HaltFirst: CloudFaultHook {
    let method: CloudRequest.Method
    let pathSuffix: String
    private let state = NIOLockedValueBox(false)

    init(_ method: CloudRequest.Method, pathSuffix: String) {
        self.method = method
        self.pathSuffix = pathSuffix
    }

    var halted: Bool { state.withLockedValue { $0 } }

    func fault(for request: CloudRequest, attempt: Int, phase: CloudFaultPhase) async -> CloudFault? {
        state.withLockedValue { halted in
            if !halted, phase == .beforeSending, request.method == method, request.path.hasSuffix(pathSuffix) { halted = true }
            return halted ? .halt : nil
        }
    }
}
