import Foundation

/// What a real browser shows of a page at one viewport, measured by ``DevToolsBrowser``: how
/// wide the document is against the viewport, which words were cut across lines, which chart
/// text is drawn smaller than 11 CSS px, and the rendered text.
public struct PageLayout: Sendable {
    /// The width asked for: the phone's or the desktop's screen.
    public let viewportWidth: Int
    /// The layout viewport the page got (`innerWidth`): a phone widens it past the screen
    /// (and zooms out) for a page wider than the screen.
    public let layoutWidth: Int
    /// The document's scroll width: wider than the screen means the page scrolls sideways
    /// (or is shown zoomed out, with text too small to read).
    public let documentWidth: Int
    /// Words drawn on more than one line although they fit on one line of their box, with the
    /// element they are in (`Groceries in td.title`). Text marked `long` may be cut: a word
    /// wider than any column has to be.
    public let brokenWords: [String]
    /// Chart text drawn under 11 CSS px, with its size.
    public let smallChartText: [String]
    /// How many chart texts were measured: a check over none proves nothing.
    public let chartTexts: Int
    /// The page's rendered text (`innerText`): what a reader sees, without hidden elements.
    public let text: String

    /// Opens `url` in `browser` at `width` × `height` and measures it.
    public static func measure(_ browser: DevToolsBrowser, url: String, width: Int, height: Int) async throws -> PageLayout {
        let tab = try await browser.open(url, width: width, height: height)
        guard let value = try await browser.evaluate(script, session: tab.session) as? [String: Any] else {
            throw DevToolsBrowser.Failure.protocolError("the measuring script returned nothing")
        }
        _ = try? await browser.call("Target.closeTarget", ["targetId": tab.target])
        return PageLayout(viewportWidth: width, layoutWidth: value["viewport"] as? Int ?? -1, documentWidth: value["document"] as? Int ?? -1,
                          brokenWords: value["broken"] as? [String] ?? ["?"], smallChartText: value["small"] as? [String] ?? ["?"],
                          chartTexts: value["chartTexts"] as? Int ?? 0, text: value["text"] as? String ?? "")
    }

    /// Runs in the page. Words are Unicode's (`Intl.Segmenter`): letters and digits, where a
    /// line may not break; between two emoji or after a hyphen it may. A word is cut when its
    /// text's boxes sit on more than one line; it is excused only inside a `.long` element or
    /// when it is wider than its block, where no layout could keep it whole. Chart text is
    /// every text inside a `figure.chart`.
    static let script = #"""
        (() => {
          const broken = [], small = [];
          let chartTexts = 0;
          const range = document.createRange();
          const words = new Intl.Segmenter('en', { granularity: 'word' });
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const where = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string'
            ? '.' + el.className.trim().split(/\s+/).join('.') : '');
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!parent || parent.closest('script, style, svg, head')) continue;
            if (!node.textContent.trim() || parent.getClientRects().length === 0) continue;
            if (parent.closest('figure.chart')) {
              chartTexts++;
              const size = parseFloat(getComputedStyle(parent).fontSize);
              if (size < 11) small.push(node.textContent.trim().slice(0, 40) + ' at ' + size + 'px');
            }
            if (parent.closest('.long')) continue;
            const block = parent.closest('td, th, li, p, h1, h2, h3, figcaption, div, span') || parent;
            const room = block.clientWidth || block.getBoundingClientRect().width;
            for (const match of words.segment(node.textContent)) {
              if (!match.isWordLike) continue;
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match.segment.length);
              const boxes = Array.from(range.getClientRects()).filter((box) => box.width > 0);
              const lines = new Set(boxes.map((box) => Math.round(box.top / 4)));
              if (lines.size < 2) continue;
              const width = boxes.reduce((sum, box) => sum + box.width, 0);
              if (width > room) continue;
              broken.push(match.segment + ' in ' + where(block));
            }
          }
          return {
            viewport: window.innerWidth,
            document: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
            broken: broken.slice(0, 30), small: small.slice(0, 30), chartTexts,
            text: document.body.innerText,
          };
        })()
        """#
}
