import SplitCore

extension ReportSpending {
    /// Days up to this many are drawn one bar each; a longer trip is drawn by month, so the
    /// chart stays readable (the JSON keeps every day).
    public static let dayBarLimit = 92

    /// One bar of the spending-over-time chart: a day (`2025-01-20`) or a month (`2025-01`).
    public struct Period: Hashable, Sendable {
        public let label: String
        public let total: Int64
        public let count: Int
    }

    /// ``days`` as bars: one per day, or one per month past ``dayBarLimit`` days.
    public var timeline: [Period] {
        guard days.count > Self.dayBarLimit else {
            return days.map { Period(label: $0.date.description, total: $0.total, count: $0.count) }
        }
        var months: [(label: String, total: Int128, count: Int)] = []
        for day in days {
            let label = String(day.date.description.prefix(7))
            if months.last?.label == label {
                months[months.count - 1].total += Int128(day.total)
                months[months.count - 1].count += day.count
            } else {
                months.append((label, Int128(day.total), day.count))
            }
        }
        // Each month is part of ``total``, which fits Int64; the clamp only guards damaged data.
        return months.map { Period(label: $0.label, total: Int64(clamping: $0.total), count: $0.count) }
    }

    /// `by day` or `by month`: how ``timeline`` groups.
    public var timelineUnit: String { days.count > Self.dayBarLimit ? "month" : "day" }
}
