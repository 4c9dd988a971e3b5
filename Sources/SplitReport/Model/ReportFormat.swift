/// The forms a report is rendered in: `text` for a terminal, `md` for a wiki or a chat that
/// renders Markdown, `chat` for plain chat apps (WhatsApp, Signal, Telegram, Slack), `html` for
/// one self-contained page.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, md, chat, html

    /// The widest line of `chat`: what a phone's chat bubble shows without wrapping it itself.
    public static let chatColumns = 40

    /// Made to be sent to the group rather than read by you: spoken to everyone by default.
    public var isForSending: Bool { self == .html || self == .chat }
}

extension TripReport {
    /// The report in `format`, made in one pass from this value. `expenses` lists the expenses
    /// in text, Markdown and chat; the page always lists them.
    public func rendered(_ format: ReportFormat, expenses: Bool = false) -> String {
        switch format {
        case .text: return TextReport(report: self, listsExpenses: expenses).render()
        case .md: return MarkdownReport(report: self, listsExpenses: expenses).render()
        case .chat: return ChatReport(report: self, listsExpenses: expenses).render()
        case .html: return HTMLReport(report: self).render()
        }
    }
}
