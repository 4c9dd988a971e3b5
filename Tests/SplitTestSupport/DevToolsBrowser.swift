import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's Chromium, headless, driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: JSON messages ending in a NUL byte, read by the browser on file
/// descriptor 3 and written on 4). It opens a page at a chosen viewport and evaluates an
/// expression in it after load, so a test can ask the real layout engine how wide the page
/// is, where each word's lines fall and how big a text is drawn.
///
/// An expression evaluated over the protocol runs even on a page whose Content-Security-Policy
/// forbids every script (the report's own), so the page under test is the page as shipped.
/// The network is off as in ``HeadlessChromium``: every request but loopback goes to a dead
/// proxy and no name resolves.
///
/// The pipe is read on its own thread with a deadline, never on Swift's cooperative pool,
/// which has only as many threads as cores.
public final class DevToolsBrowser: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        case closed
        case timedOut(String)
        case protocolError(String)

        public var description: String {
            switch self {
            case .spawn(let code): return "chromium did not start (posix_spawn \(code))"
            case .closed: return "chromium closed its DevTools pipe"
            case .timedOut(let what): return "chromium did not answer \(what) in time"
            case .protocolError(let message): return "DevTools: \(message)"
            }
        }
    }

    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var nextID = 0
    private var pending: [UInt8] = []
    private let queue = DispatchQueue(label: "split.devtools")
    /// How long one answer may take.
    public var deadline: TimeInterval = 60

    /// Starts `chromium` with its profile in `profile`.
    public init(chromium: String, profile: String) throws {
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure.spawn(errno) }
        for end in toBrowser + fromBrowser { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Moved above 3 and 4 first, so that placing them there cannot overwrite one another.
        let childRead = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 64)
        let childWrite = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 64)
        close(toBrowser[0])
        close(fromBrowser[1])
        defer {
            close(childRead)
            close(childWrite)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, childRead, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrite, 4)
        let arguments = [
            chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=\(profile)", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-default-apps", "--disable-extensions", "--disable-breakpad",
            "--hide-scrollbars", "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "about:blank",
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, chromium, &actions, nil, &argv, environ)
        guard spawned == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw Failure.spawn(spawned)
        }
        pid = child
        input = toBrowser[1]
        output = fromBrowser[0]
    }

    deinit {
        close(input)
        close(output)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Closes the browser.
    public func quit() async {
        _ = try? await call("Browser.close")
    }

    /// A new tab showing `url` in a `width` × `height` viewport (a phone's, with touch and the
    /// viewport meta tag honoured, below 600 px), once it has loaded: the tab's target and
    /// session ids.
    public func open(_ url: String, width: Int, height: Int) async throws -> (target: String, session: String) {
        let target = try await call("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure.protocolError("no targetId") }
        let attached = try await call("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure.protocolError("no sessionId") }
        _ = try await call("Emulation.setDeviceMetricsOverride",
                           ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600], session: session)
        _ = try await call("Page.navigate", ["url": url], session: session)
        let started = Date()
        while try await evaluate("document.readyState", session: session) as? String != "complete" {
            if Date().timeIntervalSince(started) > deadline { throw Failure.timedOut("loading \(url)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        return (targetID, session)
    }

    /// The value of `expression` in the tab of `session`, as JSON values (returned by value).
    public func evaluate(_ expression: String, session: String) async throws -> Any? {
        let answer = try await call("Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
        if let thrown = answer["exceptionDetails"] as? [String: Any] {
            throw Failure.protocolError("the expression threw: \(thrown["text"] ?? thrown)")
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// Sends one command and waits for its answer, skipping the events in between.
    @discardableResult
    public func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil) async throws -> [String: Any] {
        let id = queue.sync {
            nextID += 1
            return nextID
        }
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        let data = try JSONSerialization.data(withJSONObject: message)
        let answer = try await withCheckedThrowingContinuation { (done: CheckedContinuation<Data, any Error>) in
            queue.async {
                do { done.resume(returning: try self.exchange(data, id: id, method: method)) } catch {
                    done.resume(throwing: error)
                }
            }
        }
        return try JSONSerialization.jsonObject(with: answer) as? [String: Any] ?? [:]
    }

    /// Writes one message and reads until the answer to `id`: its `result` as JSON bytes.
    private func exchange(_ data: Data, id: Int, method: String) throws -> Data {
        var bytes = [UInt8](data)
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure.closed }
            sent += count
        }
        let until = Date().addingTimeInterval(deadline)
        while true {
            let reply = try readMessage(until: until, what: method)
            guard let object = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any],
                  object["id"] as? Int == id else { continue }
            if let error = object["error"] as? [String: Any] {
                throw Failure.protocolError("\(method): \(error["message"] ?? error)")
            }
            return try JSONSerialization.data(withJSONObject: object["result"] as? [String: Any] ?? [:])
        }
    }

    /// The next NUL-terminated message from the browser.
    private func readMessage(until: Date, what: String) throws -> [UInt8] {
        while true {
            if let end = pending.firstIndex(of: 0) {
                let message = Array(pending[..<end])
                pending.removeFirst(end + 1)
                return message
            }
            let left = until.timeIntervalSinceNow
            guard left > 0 else { throw Failure.timedOut(what) }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno != EINTR { throw Failure.closed }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure.closed }
            pending += chunk[..<count]
        }
    }
}
