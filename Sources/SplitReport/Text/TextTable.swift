/// Plain aligned columns for terminal output. Numeric columns align right; widths count
/// terminal columns (``DisplayWidth``), so CJK names line up.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []
    public var rightAligned: Set<Int> = []
    public var indent = "  "

    public init(_ header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    public mutating func add(_ row: [String]) { rows.append(row) }

    public func render() -> String {
        let all = [header] + rows
        var widths = Array(repeating: 0, count: header.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        return all.map { row in
            let cells = row.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(cell)))
                return rightAligned.contains(index) ? padding + cell : cell + padding
            }
            var line = indent + cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
