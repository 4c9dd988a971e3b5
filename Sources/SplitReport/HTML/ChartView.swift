import SplitCore

/// One bar chart as numbers for the chart template. Each row is its label and value as HTML
/// text beside a small SVG bar, so the words keep the page's font size on any screen while the
/// bar stretches with its container: an SVG chart scaled down to a phone would shrink its own
/// text to a few pixels. Every coordinate is a whole unit computed here, and every piece of
/// text goes through the template's escaping.
///
/// A chart is either *diverging* (each member's net: bars grow left of the axis for owes and
/// right for is owed) or plain (spending: bars grow right). Each row's label and value are
/// text and its `title` the sentence, so a screen reader gets the numbers without the picture;
/// owes and is owed differ in pattern as well as colour, so the chart also reads in grey.
struct ChartView {
    struct Bar {
        let label: String
        let value: String
        let title: String
        /// `owes`, `owed` or `spent`: the CSS class that fills it.
        let style: String
        /// The bar within the track's ``trackWidth`` units.
        let x: Int
        let width: Int
        /// The label holds a word too long for its column: it may be cut inside.
        let longLabel: Bool
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
    let caption: String
    /// The x of the axis of a diverging chart, in track units.
    let axis: Int?
    let bars: [Bar]
    /// The viewBox width of every bar's track: the bar is a share of it, drawn as wide as the
    /// page gives the track.
    let trackWidth = Self.trackUnits

    static let trackUnits = 200

    init(id: String, title: String, caption: String, rows: [Row], diverging: Bool, style: String = "spent") {
        chartID = id
        self.title = title
        self.caption = caption
        let largest = rows.reduce(0) { max($0, BarScale.magnitude($1.amount)) }
        let half = Self.trackUnits / 2
        axis = diverging ? half : nil
        bars = rows.map { row in
            let length = BarScale.length(row.amount, of: largest, full: diverging ? half : Self.trackUnits)
            let x = !diverging ? 0 : row.amount < 0 ? half - length : half
            let fill = !diverging ? style : row.amount < 0 ? "owes" : "owed"
            return Bar(label: row.label, value: row.value, title: row.title, style: fill, x: x, width: length,
                       longLabel: LongWords.has(row.label))
        }
    }
}
