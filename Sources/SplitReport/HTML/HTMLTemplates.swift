import Mustache

/// The page's Mustache templates, compiled once. `{{name}}` escapes `& < > " '` everywhere it
/// writes; the one triple-brace value is the data island (see ``HTMLPage/data``).
///
/// Widths: the page reads from 320 px to 1600 px. Words wrap only between words (a cell
/// holding a word too long for any column has the `long` class, ``LongWords``); below
/// ``cardsBelow`` px each row of a list becomes a card with its fields labelled, where a table
/// would squeeze its columns to a letter; a chart's label and value are HTML text at the
/// page's size beside an SVG bar that stretches with the page. Wide tables scroll inside
/// their box, never the page.
///
/// Greys: the owes bars are striped and the is-owed bars solid, and every bar has a text
/// label and value beside it, so nothing depends on telling two colours apart. The print
/// stylesheet drops the backgrounds, prints lists as tables with their header on every page
/// and keeps sections whole across pages.
enum HTMLTemplates {
    static let pageName = "page"
    /// Below this viewport width (CSS px) the lists are cards, not tables.
    static let cardsBelow = 800
    /// Below this width a chart's bar goes under its label and value.
    static let stackedBarsBelow = 560

    static let library: MustacheLibrary = {
        do {
            return MustacheLibrary(templates: [
                pageName: try MustacheTemplate(string: page),
                "chart": try MustacheTemplate(string: chart),
            ])
        } catch {
            // The templates are constants of this file: a parse error is a bug caught by any test.
            preconditionFailure("report template does not parse: \(error)")
        }
    }()

    static let chart = """
        <figure class="chart" aria-label="{{title}}">
        <div class="bars">
        {{#bars}}
        <div class="bar" title="{{title}}"><span class="label{{#longLabel}} long{{/longLabel}}"><bdi>{{label}}</bdi></span>\
        <svg class="track" viewBox="0 0 {{trackWidth}} 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">\
        {{#axis}}<line class="axis" x1="{{.}}" y1="0" x2="{{.}}" y2="10"/>{{/axis}}\
        <rect class="{{style}}" x="{{x}}" y="1" width="{{width}}" height="8"/></svg>\
        <span class="value">{{value}}</span></div>
        {{/bars}}
        </div>
        <figcaption>{{caption}}</figcaption>
        </figure>

        """

    static let page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <meta name="referrer" content="no-referrer">
        <meta name="robots" content="noindex">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}: split report</title>
        <style>
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #5b5b60; --rule: #d7d7dc; }
        *, *::before, *::after { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
               margin: 0 auto; max-width: 900px; padding: 20px 16px; overflow-wrap: break-word; }
        h1 { font-size: 1.6em; line-height: 1.2; margin: 0 0 4px; }
        h2 { font-size: 1.25em; margin: 32px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
        h3 { font-size: 1em; margin: 16px 0 6px; }
        .made, figcaption, .note { color: var(--muted); font-size: 0.9em; }
        .notice { font-weight: 600; padding: 8px 12px; border: 1px solid var(--rule); border-radius: 6px; }
        .long { overflow-wrap: anywhere; }
        .wrap { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--rule); vertical-align: top; }
        th { white-space: nowrap; }
        .nowrap { white-space: nowrap; }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        figure { margin: 8px 0 16px; }
        .bar { display: grid; grid-template-columns: minmax(0, 11em) minmax(0, 1fr) auto; gap: 2px 10px;
               align-items: center; padding: 2px 0; }
        .bar .label { text-align: right; }
        .bar .value { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        svg.track { display: block; width: 100%; height: 16px; }
        .axis { stroke: var(--ink); stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        .owed { fill: #2f8f5b; }
        .owes { fill: url(#hatch); stroke: #8e1b2f; vector-effect: non-scaling-stroke; }
        .spent { fill: #3f6fb0; }
        .time { fill: #7a5aa8; }
        .plan li { margin: 2px 0; }
        .plan li.yours { font-weight: 700; }
        .defs { position: absolute; }
        @media screen and (max-width: \(stackedBarsBelow - 1)px) {
          .bar { grid-template-columns: minmax(0, 1fr) auto; }
          .bar .label { text-align: left; }
          .bar svg.track { grid-column: 1 / -1; grid-row: 2; }
        }
        @media screen and (max-width: \(cardsBelow - 1)px) {
          table.cards, table.cards tbody, table.cards td { display: block; }
          table.cards thead { display: none; }
          table.cards tr { display: flex; flex-wrap: wrap; gap: 2px 12px; border: 1px solid var(--rule);
                           border-radius: 8px; padding: 8px 12px; margin: 0 0 8px; }
          table.cards td { flex: 1 1 100%; border: 0; padding: 0; text-align: left; white-space: normal; }
          table.cards td.title { flex: 1 1 0; min-width: 0; font-weight: 600; order: -2; }
          table.cards td.lead { flex: 0 0 auto; font-weight: 600; order: -1; white-space: nowrap; }
          table.cards td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
          table.people td[data-label] { flex: 1 1 40%; }
        }
        @media print {
          body { max-width: none; padding: 0; font-size: 11pt; }
          .wrap { overflow: visible; }
          section, figure, tr, .bar { break-inside: avoid; }
          h2, h3 { break-after: avoid; }
          thead { display: table-header-group; }
          .notice { border-color: #000; }
        }
        </style>
        </head>
        <body>
        <svg class="defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>\
        <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
        <rect width="6" height="6" fill="#f7dde1"/><rect width="3" height="6" fill="#8e1b2f"/></pattern></defs></svg>
        <header>
        <h1><bdi>{{title}}</bdi></h1>
        <p>{{summary}}</p>
        <p class="made">{{madeAt}}</p>
        </header>
        <main>
        {{#notices}}
        <p class="notice">{{.}}</p>
        {{/notices}}
        {{#hasTotals}}
        <section id="totals">
        <h2>Spent</h2>
        <table><thead><tr><th>Currency</th><th class="num">Total</th><th class="num">Expenses</th></tr></thead><tbody>
        {{#totals}}
        <tr><td>{{currency}}</td><td class="num">{{total}}</td><td class="num">{{count}}</td></tr>
        {{/totals}}
        </tbody></table>
        </section>
        {{/hasTotals}}
        {{#settlements}}
        <section class="settlement">
        <h2>Who owes whom, {{currency}}</h2>
        {{#conversion}}
        <p class="note">{{.}}</p>
        {{/conversion}}
        {{#chart}}
        {{> chart}}
        {{/chart}}
        <h3>{{planHeading}}</h3>
        {{#hasTransfers}}
        <ol class="plan">
        {{#transfers}}
        <li{{#yours}} class="yours"{{/yours}}><bdi>{{text}}</bdi></li>
        {{/transfers}}
        </ol>
        {{/hasTransfers}}
        <h3>People, {{currency}}</h3>
        <div class="wrap"><table class="cards people"><thead><tr><th>Member</th><th class="num">Paid</th><th class="num">Share</th>\
        <th class="num">Sent</th><th class="num">Received</th><th class="num">Net</th></tr></thead><tbody>
        {{#people}}
        <tr><td class="title{{#long}} long{{/long}}"><bdi>{{name}}</bdi></td><td class="num" data-label="Paid">{{paid}}</td>\
        <td class="num" data-label="Share">{{share}}</td><td class="num" data-label="Sent">{{sent}}</td>\
        <td class="num" data-label="Received">{{received}}</td><td class="num lead">{{net}}</td></tr>
        {{/people}}
        </tbody></table></div>
        </section>
        {{/settlements}}
        {{#hasPayments}}
        <section id="payments">
        <h2>{{paymentsHeading}}</h2>
        <div class="wrap"><table class="cards payments"><thead><tr><th>Date</th><th>From</th><th>To</th><th class="num">Amount</th>\
        <th>Note</th></tr></thead><tbody>
        {{#payments}}
        <tr><td class="nowrap" data-label="Date">{{date}}</td><td data-label="From"{{#longFrom}} class="long"{{/longFrom}}><bdi>{{from}}</bdi></td>\
        <td data-label="To"{{#longTo}} class="long"{{/longTo}}><bdi>{{to}}</bdi></td><td class="num title">{{amount}}</td>\
        <td{{#note}} data-label="Note"{{/note}}{{#longNote}} class="long"{{/longNote}}>{{#note}}<bdi>{{.}}</bdi>{{/note}}</td></tr>
        {{/payments}}
        </tbody></table></div>
        </section>
        {{/hasPayments}}
        {{#spending}}
        <section class="spending">
        <h2>Spending in {{currency}}</h2>
        <h3>By category</h3>
        {{#categories}}
        {{> chart}}
        {{/categories}}
        <h3>By {{unit}}</h3>
        {{#timeline}}
        {{> chart}}
        {{/timeline}}
        </section>
        {{/spending}}
        {{#hasExpenses}}
        <section id="expenses">
        <h2>Expenses</h2>
        {{#capNote}}
        <p class="note">{{.}}</p>
        {{/capNote}}
        <div class="wrap"><table class="cards expenses"><thead><tr><th>Date</th><th>Description</th><th>Category</th><th>Paid by</th>\
        <th>Shared by</th><th class="num">Amount</th></tr></thead><tbody>
        {{#expenses}}
        <tr><td class="nowrap" data-label="Date">{{date}}</td><td class="title{{#longDescription}} long{{/longDescription}}">\
        <bdi>{{description}}</bdi>{{#items}}<div class="items note"><bdi>{{.}}</bdi></div>{{/items}}</td>\
        <td class="nowrap" data-label="Category">{{category}}</td><td data-label="Paid by"{{#longPaidBy}} class="long"{{/longPaidBy}}>\
        <bdi>{{paidBy}}</bdi></td><td data-label="Shared by"{{#longSharedBy}} class="long"{{/longSharedBy}}><bdi>{{sharedBy}}</bdi></td>\
        <td class="num lead">{{amount}}</td></tr>
        {{/expenses}}
        </tbody></table></div>
        </section>
        {{/hasExpenses}}
        {{#hasHeld}}
        <section id="held">
        <h2>{{heldHeading}}</h2>
        <ul>
        {{#held}}
        <li><bdi>{{.}}</bdi></li>
        {{/held}}
        </ul>
        </section>
        {{/hasHeld}}
        </main>
        <script type="application/json" id="split-data">{{{data}}}</script>
        </body>
        </html>

        """
}
