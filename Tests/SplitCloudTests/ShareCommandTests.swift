import Foundation
import SplitServerQuirks
import SplitTestSupport
import Testing

/// `split share` against a real split-server, a Node-like one, and on a local trip.
@Suite("split share", .serialized)
struct ShareCommandTests {
    @Test("share prints one link and then the same one; another member revokes; --json carries trip and url")
    func shareAndRevoke() async throws {
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox(), ben = try SplitSandbox()
            try await SyncTests.register(ann, server.url, "Ann")
            try await SyncTests.register(ben, server.url, "Ben")
            try await ann.ok("trip", "create", "Tokyo Trip", "--currency", "JPY", "--cloud")
            try await ann.ok("member", "add", "Alex", "Bea")
            try await ann.ok("add-expense", "Dinner", "12000", "--paid-by", "Alex")

            let url = try await ann.ok("share").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(url.hasPrefix(server.url + "/s/") && url.count > server.url.count + 3 + 21, "\(url)")
            // Printed again, after the page was checked to open.
            let json = try await ann.ok("share", "--json").json
            #expect(json["url"].string == url)
            #expect(json["trip"].string != nil && json["name"].string == "Tokyo Trip")

            // Ben joins: the link was made on Ann's device, so he cannot print it, but he may revoke it.
            let code = try await ann.ok("trip", "invite").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try await ben.ok("join", code)
            try await ben.fails(65, ["share"], "already has a read-only link", "split share --revoke")
            let revoked = try await ben.ok("share", "--revoke", "--json").json
            #expect(revoked["revoked"].bool == true && revoked["trip"].string == json["trip"].string)
            #expect(try await ben.ok("share", "--revoke").stdout.contains("has no read-only link"))

            // Ann's saved link no longer opens: she gets a new one.
            let fresh = try await ann.ok("share").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(fresh.hasPrefix(server.url + "/s/") && fresh != url)
        }
    }

    @Test("Chromium opens the served page: every member and transfer, no script, no request but the page's own",
          .enabled(if: HeadlessChromium.path != nil || HeadlessChromium.inCI, "chromium is not installed; CI runs this test"))
    func servedPageInChromium() async throws {
        guard let chromium = HeadlessChromium.path else {
            Issue.record("chromium is missing in CI: scripts/test.sh installs it")
            return
        }
        try await CloudTestServer.run { server in
            let ann = try SplitSandbox()
            try await SyncTests.register(ann, server.url, "Ann")
            try await ann.ok("trip", "create", "Tokyo Trip", "--currency", "JPY", "--cloud")
            try await ann.ok("member", "add", "Alex", "Bea", "<script>alert(1)</script>Chen")
            try await ann.ok("add-expense", "</script><img src=x onerror=alert(1)>", "9000", "--paid-by", "Alex")
            try await ann.ok("add-expense", "Taxi from the airport to the hotel in Shinjuku", "4200", "--paid-by", "Bea",
                             "--among", "Alex,Bea")
            try await ann.ok("pay", "Bea", "Alex", "1000", "--note", "for the first dinner")
            let url = try await ann.ok("share").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            // One Chromium run dumps the DOM and takes the screenshot.
            let (dom, requests) = try await HeadlessChromium.browse(
                chromium, in: ann, tag: "served", url: url,
                ["--dump-dom", "--screenshot=\(ann.path("served.png"))", "--window-size=900,1600"])
            let report = try await ann.ok("report", "--json").json
            for member in report["members"].array {
                #expect(dom.contains(HostileEscape.html(member["name"].string ?? "?")), "member \(member["name"])")
            }
            let transfers = report["settlements"].array.flatMap { $0["transfers"].array }
            #expect(!transfers.isEmpty)
            for transfer in transfers {
                let sentence = "\(transfer["fromName"].string ?? "") pays \(transfer["toName"].string ?? "") "
                #expect(dom.contains(HostileEscape.html(sentence)), "transfer \(sentence)")
            }
            #expect(dom.components(separatedBy: "<script").count == 2, "only the data island")
            #expect(!dom.contains("<img"))
            #expect(requests.allSatisfy { $0 == url }, "\(requests)")
            #expect(FileManager.default.fileExists(atPath: ann.path("served.png")))
            // The sandbox goes with the test; the screenshot is kept for a person to look at.
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("split-share-browser-test.png")
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: URL(fileURLWithPath: ann.path("served.png")), to: kept)
            print("served page screenshot: \(kept.path)")

            // The served page as a phone and a desktop lay it out: as the file report's
            // (ResponsiveReportTests), with the payment and the taxi's two sharers shown.
            let browser = try DevToolsBrowser(chromium: chromium, profile: ann.path("devtools"))
            for (width, height) in [(360, 740), (1280, 800)] {
                let layout = try await PageLayout.measure(browser, url: url, width: width, height: height)
                #expect(layout.documentWidth <= layout.viewportWidth, "at \(width): \(layout.documentWidth) px wide")
                #expect(layout.brokenWords.isEmpty, "at \(width): \(layout.brokenWords)")
                #expect(layout.chartTexts > 0 && layout.smallChartText.isEmpty, "at \(width): \(layout.smallChartText)")
                #expect(layout.text.contains("for the first dinner") && layout.text.contains("¥1,000"), "at \(width)")
                #expect(layout.text.contains("Alex, Bea"), "at \(width): the taxi's sharers")
            }
            await browser.quit()
        }
    }

    @Test("on a Node-like server split share exits 69")
    func nodeServer() async throws {
        try await CloudTestServer.run(quirks: LegacyQuirks()) { server in
            let ann = try SplitSandbox()
            try await ann.registerAndUseCloud(server.url)
            try await ann.ok("trip", "create", "Node", "--currency", "JPY")
            try await ann.fails(69, ["share"], "the Node server has no read-only links")
            try await ann.fails(69, ["share", "--revoke"], "the Node server has no read-only links")
        }
    }

    @Test("a local trip is refused in one line")
    func localTrip() async throws {
        let split = try SplitSandbox()
        try await split.ok("trip", "create", "Oslo", "--currency", "NOK")
        try await split.fails(65, ["share"], "Oslo is local only", "split upload")
    }
}
