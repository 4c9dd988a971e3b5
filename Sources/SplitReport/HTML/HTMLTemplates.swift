import Mustache

/// The page's Mustache templates, compiled once. `{{name}}` escapes `& < > " '` everywhere it
/// writes; the one triple-brace value is the data island (see ``HTMLPage/data``).
///
/// Greys: the owes bars are striped and the is-owed bars solid, and every bar has a text
/// label and value beside it, so nothing depends on telling two colours apart. The print
/// stylesheet drops the backgrounds, keeps sections whole across pages and prints the
/// expense table with its header on every page.
enum HTMLTemplates {
    static let pageName = "page"

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
        <figure class="chart">
        <svg class="chart" role="img" viewBox="0 0 {{width}} {{height}}" width="{{width}}" height="{{height}}" \
        aria-labelledby="{{chartID}}-title {{chartID}}-desc" xmlns="http://www.w3.org/2000/svg">
        <title id="{{chartID}}-title">{{title}}</title>
        <desc id="{{chartID}}-desc">{{desc}}</desc>
        {{#axis}}<line class="axis" x1="{{.}}" y1="0" x2="{{.}}" y2="{{height}}"/>{{/axis}}
        {{#bars}}
        <g><title>{{title}}</title><text class="label" x="{{labelX}}" y="{{textY}}" text-anchor="end">{{label}}</text>\
        <rect class="{{style}}" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}"/>\
        <text class="value" x="{{valueX}}" y="{{textY}}" text-anchor="end">{{value}}</text></g>
        {{/bars}}
        </svg>
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
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
               margin: 0 auto; max-width: 780px; padding: 24px 16px; overflow-wrap: anywhere; }
        h1 { font-size: 1.7em; margin: 0 0 4px; }
        h2 { font-size: 1.25em; margin: 32px 0 8px; border-bottom: 1px solid var(--rule); padding-bottom: 4px; }
        h3 { font-size: 1em; margin: 16px 0 6px; }
        .made, figcaption, .note { color: var(--muted); font-size: 0.9em; }
        .notice { font-weight: 600; padding: 8px 12px; border: 1px solid var(--rule); border-radius: 6px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--rule); vertical-align: top; }
        .nowrap { white-space: nowrap; overflow-wrap: normal; }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        figure { margin: 8px 0 16px; }
        svg.chart { max-width: 100%; height: auto; display: block; }
        svg.chart text { font-size: 13px; fill: var(--ink); unicode-bidi: plaintext; }
        .axis { stroke: var(--ink); stroke-width: 1.5; }
        .owed { fill: #2f8f5b; }
        .owes { fill: url(#hatch); stroke: #8e1b2f; }
        .spent { fill: #3f6fb0; }
        .time { fill: #7a5aa8; }
        .plan li { margin: 2px 0; }
        .plan li.yours { font-weight: 700; }
        .defs { position: absolute; }
        @media print {
          body { max-width: none; padding: 0; font-size: 11pt; }
          section, figure, tr { break-inside: avoid; }
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
        </section>
        {{/settlements}}
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
        <table class="expenses"><thead><tr><th>Date</th><th>Description</th><th>Category</th><th>Paid by</th>\
        <th class="num">Amount</th></tr></thead><tbody>
        {{#expenses}}
        <tr><td class="nowrap">{{date}}</td><td><bdi>{{description}}</bdi>{{#items}}<div class="items note"><bdi>{{.}}</bdi></div>{{/items}}</td><td class="nowrap">{{category}}</td><td><bdi>{{paidBy}}</bdi></td>\
        <td class="num">{{amount}}</td></tr>
        {{/expenses}}
        </tbody></table>
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
