extension CivilDate {
    /// Days since 1970-01-01 (negative before). Howard Hinnant's `days_from_civil`.
    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of ``daysSinceEpoch`` (`civil_from_days`). Clamps to years 1...9999.
    public static func fromDaysSinceEpoch(_ days: Int64) -> CivilDate {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        let year = Int(min(max(y, 1), 9999))
        return CivilDate(year: year, month: Int(m), day: Int(d))
            ?? CivilDate(year: year, month: Int(m), day: 28)!
    }
}

extension CivilDate {
    /// The day of the week, 0 for Sunday to 6 for Saturday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let shifted = (daysSinceEpoch + 4) % 7
        return Int(shifted < 0 ? shifted + 7 : shifted)
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int64) -> CivilDate {
        CivilDate.fromDaysSinceEpoch(daysSinceEpoch + count)
    }
}
