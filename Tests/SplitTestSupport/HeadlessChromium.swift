import Foundation
import Testing

/// Debian's Chromium, headless, with every request but loopback sent to a dead proxy, names
/// resolving to nothing, and its background services off: what a page shows and what it asks
/// for, for the report tests of a file (`split report`) and of a served page (`split share`).
public enum HeadlessChromium {
    public static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    public static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Opens `url` with `action` (`--dump-dom`, `--screenshot=…`), keeping its profile, net log
    /// and output in `sandbox` under `tag`: the DOM after load (stdout) and the URLs of every
    /// request the page started (from Chromium's net log; requests of the browser's own, which
    /// have no initiator, are not the page's). Loopback stays reachable, as Chromium never
    /// sends it to a proxy and 127.0.0.1 is the one address that resolves, so a page served by a
    /// test server there loads.
    public static func browse(_ chromium: String, in sandbox: SplitSandbox, tag: String, url: String, _ action: [String])
        async throws -> (dom: String, requests: [String]) {
        let netLog = sandbox.path("\(tag).netlog.json")
        let output = sandbox.path("\(tag).out")
        FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(sandbox.path("\(tag).profile"))",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
            "--disable-default-apps", "--disable-extensions", "--disable-breakpad", "--proxy-server=127.0.0.1:9",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--log-net-log=\(netLog)",
        ] + action + [url]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in done.resume() }
            do { try process.run() } catch {
                process.terminationHandler = nil
                done.resume(throwing: error)
            }
        }
        #expect(process.terminationStatus == 0, "chromium \(action) on \(url) exited \(process.terminationStatus)")
        let dom = try String(contentsOfFile: output, encoding: .utf8)
        return (dom, try pageRequests(netLog))
    }

    /// The URLs of the net log's requests that a page started: each has an `initiator` (an
    /// origin, or `null` for a file), where the browser's own requests say "not an origin".
    static func pageRequests(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let log = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let events = log?["events"] as? [[String: Any]] ?? []
        return events.compactMap { event in
            guard let params = event["params"] as? [String: Any], let url = params["url"] as? String,
                  let initiator = params["initiator"] as? String, initiator != "not an origin" else { return nil }
            return url
        }
    }
}

/// Text as the page's template writes it (`& < > " '` as entities), to find it in a DOM dump.
public enum HostileEscape {
    public static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
