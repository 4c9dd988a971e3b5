import Testing
@testable import SplitCore

/// The calendar of recurring expenses: every rule and period gives exactly one date, month ends
/// and leap days fall on the month's last day, `--times` and `--until` stop where they say, and
/// an instance's id is a name-based UUID of its rule and period.
@Suite("Recurring: schedules and instance ids")
struct RecurrenceScheduleTests {
    private func date(_ text: String) -> CivilDate { CivilDate(parsing: text)! }

    private func dates(_ schedule: RecurrenceSchedule, through today: String) -> [String] {
        schedule.due(through: date(today)).map(\.date.description)
    }

    @Test("--on 31 falls on the last day of shorter months, and on the 31st again after")
    func monthEnds() throws {
        let rent = try RecurrenceSchedule(every: "month", on: "31", start: date("2025-01-15"), until: nil, times: nil)
        #expect(dates(rent, through: "2025-06-30") == ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31", "2025-06-30"])
        let leap = try RecurrenceSchedule(every: "month", on: "last", start: date("2024-01-31"), until: nil, times: 2)
        #expect(dates(leap, through: "2024-12-31") == ["2024-01-31", "2024-02-29"])
    }

    @Test("29 February yearly falls on the 28th in other years and on the 29th in leap years")
    func leapDay() throws {
        let yearly = try RecurrenceSchedule(every: "year", on: nil, start: date("2024-02-29"), until: nil, times: nil)
        #expect(dates(yearly, through: "2028-12-31") == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"])
    }

    @Test("a day already past in the start's month starts one step later; weeks start on the next such weekday")
    func firstPeriod() throws {
        let monthly = try RecurrenceSchedule(every: "month", on: "1", start: date("2025-03-15"), until: nil, times: nil)
        #expect(dates(monthly, through: "2025-05-01") == ["2025-04-01", "2025-05-01"])
        let quarterly = try RecurrenceSchedule(every: "QUARTER", on: "1", start: date("2025-03-15"), until: nil, times: nil)
        #expect(dates(quarterly, through: "2025-12-31") == ["2025-06-01", "2025-09-01", "2025-12-01"])
        // 2025-01-15 is a Wednesday.
        let weekly = try RecurrenceSchedule(every: "week", on: "mon", start: date("2025-01-15"), until: nil, times: nil)
        #expect(dates(weekly, through: "2025-02-03") == ["2025-01-20", "2025-01-27", "2025-02-03"])
        let fortnightly = try RecurrenceSchedule(every: "2weeks", on: nil, start: date("2025-01-15"), until: nil, times: nil)
        #expect(dates(fortnightly, through: "2025-02-12") == ["2025-01-15", "2025-01-29", "2025-02-12"])
    }

    @Test("--times counts instances and --until is the last day that may have one")
    func ends() throws {
        let three = try RecurrenceSchedule(every: "week", on: nil, start: date("2025-01-01"), until: nil, times: 3)
        #expect(dates(three, through: "2026-01-01").count == 3)
        let until = try RecurrenceSchedule(every: "month", on: nil, start: date("2025-01-10"), until: date("2025-03-10"), times: nil)
        #expect(dates(until, through: "2026-01-01") == ["2025-01-10", "2025-02-10", "2025-03-10"])
        #expect(until.firstPeriod(onOrAfter: date("2025-03-11")) == nil)
    }

    @Test("every refusal says what is accepted", arguments: [
        ("fortnight", nil, nil, nil, "week, 2weeks, month, quarter or year"),
        ("month", "32", nil, nil, "1 to 31"),
        ("month", "friday", nil, nil, "1 to 31"),
        ("week", "someday", nil, nil, "a weekday"),
        ("month", nil, "2024-12-31", nil, "before the rule's first day"),
        ("month", nil, nil, 0, "1 or more"),
        ("month", nil, "2025-12-31", 3, "give one of them"),
    ] as [(String, String?, String?, Int?, String)])
    func refusals(every: String, on: String?, until: String?, times: Int?, says: String) {
        #expect {
            _ = try RecurrenceSchedule(every: every, on: on, start: date("2025-01-01"), until: until.map(date), times: times)
        } throws: { error in
            (error as? RecurrenceError)?.message.contains(says) == true
        }
    }

    /// For random rules: dates strictly increase, keys never repeat, each date is on the rule's
    /// day (or the month's last day when the month is shorter), month rules step by exactly their
    /// months and week rules by their days, and firstPeriod(onOrAfter:) agrees with a scan.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func everyPeriodHasExactlyOneDate(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let frequency = RecurrenceFrequency.allCases.randomElement(using: &random)!
            let start = date("2020-01-01").adding(days: Int64.random(in: 0..<3000, using: &random))
            let on: String? = switch Int.random(in: 0..<3, using: &random) {
            case 0: nil
            case 1: frequency.days == nil ? String(Int.random(in: 28...31, using: &random)) : "sat"
            default: frequency.days == nil ? String(Int.random(in: 1...31, using: &random)) : "wed"
            }
            let schedule = try RecurrenceSchedule(every: frequency.rawValue, on: on, start: start, until: nil,
                                                  times: Int.random(in: 1...60, using: &random))
            let periods = schedule.due(through: date("2200-01-01"))
            guard case .times(let times) = schedule.end else { Issue.record("no --times"); return }
            #expect(periods.count == times)
            #expect(Set(periods.map(\.key)).count == periods.count)
            #expect(periods.map(\.index) == Array(0..<periods.count))
            #expect(periods.first.map { $0.date >= start } ?? false)
            for (earlier, later) in zip(periods, periods.dropFirst()) {
                #expect(earlier.date < later.date)
                if let days = frequency.days {
                    #expect(later.date.daysSinceEpoch - earlier.date.daysSinceEpoch == days)
                } else {
                    let months = (later.date.year * 12 + later.date.month) - (earlier.date.year * 12 + earlier.date.month)
                    #expect(months == frequency.months)
                }
            }
            for period in periods {
                switch schedule.day {
                case .weekday(let weekday): #expect(period.date.weekday == weekday)
                case .dayOfMonth(let wanted):
                    #expect(period.date.day == min(wanted, CivilDate.daysIn(month: period.date.month, year: period.date.year)))
                }
            }
            let probe = start.adding(days: Int64.random(in: -30..<2000, using: &random))
            #expect(schedule.firstPeriod(onOrAfter: probe) == periods.first { $0.date >= probe })
        }
    }

    @Test("an instance id is a version 5 UUID of the rule and the period: the same on every device")
    func instanceIDs() throws {
        // Reference values from Python's uuid.uuid5 and hashlib.sha1.
        #expect(NameBasedID.make(namespace: "6ba7b810-9dad-11d1-80b4-00c04fd430c8", name: "python.org")
                == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
        #expect(NameBasedID.make(namespace: NameBasedID.splitNamespace, name: "recurring/abc/2026-03")
                == "7af3aaf3-86a6-5fa8-973a-4010590bb466")
        let abc: String = SHA1.digest(Array("abc".utf8)).map { String(format2: $0) }.joined()
        #expect(abc == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let thousand: String = SHA1.digest(Array(repeating: UInt8(ascii: "a"), count: 1000)).map { String(format2: $0) }.joined()
        #expect(thousand == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
        #expect(NameBasedID.make(namespace: "not-a-uuid", name: "x") == nil)
        let rent = try RecurrenceSchedule(every: "month", on: "1", start: date("2025-01-01"), until: nil, times: nil)
        let march = rent.due(through: date("2025-03-01")).last!
        #expect(march.key == "2025-03")
        #expect(march.instanceID(rule: "r1") == march.instanceID(rule: "r1"))
        #expect(march.instanceID(rule: "r1") != march.instanceID(rule: "r2"))
        // Edited to the 5th from March on: March is still the same slot, so the same instance.
        let edited = try RecurrenceSchedule(every: "month", on: "5", start: date("2025-03-01"), until: nil, times: nil)
        #expect(edited.firstPeriod(onOrAfter: date("2025-03-01"))!.instanceID(rule: "r1") == march.instanceID(rule: "r1"))
    }
}

private extension String {
    /// Two lower-case hex digits.
    init(format2 byte: UInt8) {
        let hex = String(byte, radix: 16)
        self = hex.count == 1 ? "0" + hex : hex
    }
}
