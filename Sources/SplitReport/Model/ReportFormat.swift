/// The forms a report is rendered in: `text` for a terminal, `md` to paste into a chat or a
/// wiki, `html` for one self-contained page.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, md, html
}

extension TripReport {
    /// The report in `format`, made in one pass from this value.
    public func rendered(_ format: ReportFormat) -> String {
        switch format {
        case .text: return TextReport(report: self).render()
        case .md: return MarkdownReport(report: self).render()
        case .html: return HTMLReport(report: self).render()
        }
    }
}
