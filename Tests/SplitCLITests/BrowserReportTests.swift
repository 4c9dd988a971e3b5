import Foundation
import SplitCore
import SplitReport
import SplitTestSupport
import Testing

/// The HTML report in a real browser: Debian's Chromium, headless, with every network request
/// sent to a dead proxy and its background services off. It checks what the page shows, that
/// no script ran and that no request left the page, and that each check can fail: a copy of
/// the page with an injected script and image keeps both blocked by the page's CSP, and the
/// same copy without the CSP runs the script and asks for the image.
@Suite("report in a real browser")
struct BrowserReportTests {
    static let chromium = HeadlessChromium.path
    static let inCI = HeadlessChromium.inCI

    @Test("Chromium shows every member and transfer; no script runs and no request leaves the page",
          .enabled(if: chromium != nil || inCI, "chromium is not installed (apt-get install chromium); CI runs this test"))
    func pageInChromium() async throws {
        guard let chromium = Self.chromium else {
            Issue.record("chromium is missing in CI: scripts/test.sh installs it")
            return
        }
        let cli = try CLI()
        try await cli.setUpTokyo(members: ["Alex", "Bea", "Chen", "Dana", "<script>alert(1)</script>Eve"])
        try await cli.addSpecExpenses()
        try await cli.ok("add-expense", "</script><img src=x onerror=alert(1)>", "900", "--paid-by", "<script>alert(1)</script>Eve")
        try await cli.ok("report", "--format", "html", "-o", "page.html")
        let html = try String(contentsOfFile: cli.path("page.html"), encoding: .utf8)
        let csp = #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">"#
        #expect(html.contains(csp))
        let injection = "<script>document.body.setAttribute('data-ran','yes')</script><img src=\"http://192.0.2.1/probe.png\">"
        let injected = html.replacingOccurrences(of: "</main>", with: "</main>" + injection)
        try cli.write("injected.html", injected)
        try cli.write("control.html", injected.replacingOccurrences(of: csp, with: ""))

        // One Chromium run per page: the page's run dumps its DOM and takes the screenshot.
        let screenshot = cli.path("report.png")
        async let page = Self.browse(chromium, cli, "page", ["--dump-dom", "--screenshot=\(screenshot)", "--window-size=900,2200"])
        async let blocked = Self.browse(chromium, cli, "injected", ["--dump-dom"])
        async let control = Self.browse(chromium, cli, "control", ["--dump-dom"])
        let (dom, pageRequests) = try await page
        let (blockedDOM, blockedRequests) = try await blocked
        let (controlDOM, controlRequests) = try await control

        // What is visible: every member, every transfer, in the DOM after load.
        let report = try await cli.json("report")
        for member in report["members"].array {
            #expect(dom.contains(HostileEscape.html(member["name"].string ?? "?")), "member \(member["name"])")
        }
        for settlement in report["settlements"].array {
            for transfer in settlement["transfers"].array {
                let sentence = "\(transfer["fromName"].string ?? "") pays \(transfer["toName"].string ?? "") "
                #expect(dom.contains(HostileEscape.html(sentence)), "transfer \(sentence)")
            }
        }
        // No script ran, no request left: the page's own, and the injected copy under its CSP.
        #expect(dom.components(separatedBy: "<script").count == 2, "only the data island")
        #expect(!dom.contains("data-ran") && !dom.contains("<img"))
        #expect(pageRequests.isEmpty, "\(pageRequests)")
        #expect(!blockedDOM.contains("data-ran=\"yes\""))
        #expect(blockedRequests.isEmpty, "\(blockedRequests)")
        // The checks can fail: without the CSP the same copy runs its script and makes its request.
        #expect(controlDOM.contains("data-ran=\"yes\""))
        #expect(controlRequests.contains { $0.hasPrefix("http://192.0.2.1/") }, "\(controlRequests)")
        #expect(FileManager.default.fileExists(atPath: screenshot))
        // The sandbox goes with the test; the screenshot is kept beside it for a person to look at.
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("split-report-browser-test.png")
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: screenshot), to: kept)
        print("report screenshot: \(kept.path)")
    }

    /// Opens `name`.html from the sandbox with `action` (``HeadlessChromium/browse(_:in:tag:url:_:)``).
    static func browse(_ chromium: String, _ cli: CLI, _ name: String, _ action: [String]) async throws
        -> (dom: String, requests: [String]) {
        try await HeadlessChromium.browse(chromium, in: cli, tag: name, url: "file://" + cli.path("\(name).html"), action)
    }
}
