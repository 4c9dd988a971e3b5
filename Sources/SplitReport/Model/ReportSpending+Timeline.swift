import SplitCore

extension ReportSpending {
    /// Spending over at most this many days is drawn one bar a day.
    public static let dayBarLimit = 31
    /// Over at most this many days (26 weeks), one bar a week; longer, one bar a month. So a
    /// chart has at most about 31 bars however long the trip or the household runs; the JSON
    /// keeps every day.
    public static let weekBarLimit = 182

    /// One bar of the spending-over-time chart: a day (`2025-01-20`), a week (`week of
    /// 2025-01-20`, weeks starting on Monday) or a month (`2025-01`).
    public struct Period: Hashable, Sendable {
        public let label: String
        public let total: Int64
        public let count: Int
    }

    /// `day`, `week` or `month`: how ``timeline`` groups, from the days from the first
    /// expense to the last.
    public var timelineUnit: String {
        guard let first = days.first?.date, let last = days.last?.date else { return "day" }
        let span = last.daysSinceEpoch - first.daysSinceEpoch + 1
        return span <= Int64(Self.dayBarLimit) ? "day" : span <= Int64(Self.weekBarLimit) ? "week" : "month"
    }

    /// ``days`` as bars, grouped by ``timelineUnit``.
    public var timeline: [Period] {
        let unit = timelineUnit
        var periods: [(label: String, total: Int128, count: Int)] = []
        for day in days {
            let label = switch unit {
            case "week": "week of " + day.date.adding(days: -Int64((day.date.weekday + 6) % 7)).description
            case "month": String(day.date.description.prefix(7))
            default: day.date.description
            }
            if periods.last?.label == label {
                periods[periods.count - 1].total += Int128(day.total)
                periods[periods.count - 1].count += day.count
            } else {
                periods.append((label, Int128(day.total), day.count))
            }
        }
        // Each period is part of ``total``, which fits Int64; the clamp only guards damaged data.
        return periods.map { Period(label: $0.label, total: Int64(clamping: $0.total), count: $0.count) }
    }
}
