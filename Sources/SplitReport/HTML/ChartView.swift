import SplitCore

/// One SVG bar chart as numbers for the chart template: every coordinate is a whole pixel
/// computed here, and every piece of text goes through the template's escaping.
///
/// A chart is either *diverging* (each member's net: bars grow left of the axis for owes and
/// right for is owed) or plain (spending: bars grow right). Each bar carries its own `<title>`
/// and the chart a `<desc>` listing every value, so a screen reader or a text browser gets
/// the numbers without the picture; owes and is owed differ in pattern as well as colour,
/// so the chart also reads in grey.
struct ChartView {
    struct Bar {
        let label: String
        let value: String
        let title: String
        /// `owes`, `owed` or `spent`: the CSS class that fills it.
        let style: String
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        let labelX: Int
        let valueX: Int
        let textY: Int
    }

    /// One row of input: its label, its value in minor units, the value as text and the
    /// sentence that says it.
    struct Row {
        let label: String
        let amount: Int64
        let value: String
        let title: String
    }

    let chartID: String
    let title: String
    let desc: String
    let caption: String
    let width: Int
    let height: Int
    /// The x of the axis of a diverging chart.
    let axis: Int?
    let bars: [Bar]

    static let chartWidth = 720
    static let rowHeight = 26
    static let barHeight = 18
    static let labelRight = 196
    static let barsLeft = 204
    static let valueRight = 716
    static let barsWidth = 380
    /// Characters of a label the picture shows; the bar's title and the desc keep all of it.
    static let labelLength = 26

    init(id: String, title: String, caption: String, rows: [Row], diverging: Bool, style: String = "spent") {
        chartID = id
        self.title = title
        self.caption = caption
        desc = rows.map(\.title).joined(separator: "; ") + "."
        width = Self.chartWidth
        height = max(1, rows.count) * Self.rowHeight + 8
        let largest = rows.reduce(0) { max($0, BarScale.magnitude($1.amount)) }
        let half = Self.barsWidth / 2
        let axis = Self.barsLeft + half
        self.axis = diverging ? axis : nil
        bars = rows.enumerated().map { index, row in
            let top = 4 + index * Self.rowHeight
            let length = BarScale.length(row.amount, of: largest, full: diverging ? half : Self.barsWidth)
            let x = !diverging ? Self.barsLeft : row.amount < 0 ? axis - length : axis
            let fill = !diverging ? style : row.amount < 0 ? "owes" : "owed"
            return Bar(label: Self.short(row.label), value: row.value, title: row.title, style: fill, x: x,
                       y: top + (Self.rowHeight - Self.barHeight) / 2, width: length, height: Self.barHeight,
                       labelX: Self.labelRight, valueX: Self.valueRight, textY: top + Self.rowHeight / 2 + 5)
        }
    }

    /// `label` cut to ``labelLength`` characters with `…`.
    static func short(_ label: String) -> String {
        label.count <= labelLength ? label : String(label.prefix(labelLength - 1)) + "…"
    }
}
