import Testing
@testable import SplitCore

/// `recurring edit` in SplitCore: a changed schedule goes on after the calendar slots already
/// considered, never filling one twice; an instance is told from one edited by hand; and an
/// instance made again keeps its id, its slot and its paid marks.
@Suite("Recurring: editing a rule")
struct RecurringEditTests {
    private let ana = MemberID("a0000000-0000-4000-8000-000000000001")
    private let beto = MemberID("a0000000-0000-4000-8000-000000000002")

    private func date(_ text: String) -> CivilDate { CivilDate(parsing: text)! }

    private func rule(every: String = "month", on: String = "1", caughtUpTo: String) throws -> RecurringRule {
        let template = RecurringTemplate(description: "Rent", amount: Money(minorUnits: 90_000, currency: try Currency(code: "EUR")),
                                         payers: .equal([ana]), split: nil, category: .other, note: nil)
        let rule = RecurringRule(id: RecurringRuleID("b0000000-0000-4000-8000-000000000001"), template: template,
                                 schedule: try RecurrenceSchedule(every: every, on: on, start: date("2025-01-01"), until: nil,
                                                                  times: nil))
        return rule.catchUp(through: date(caughtUpTo)).rule
    }

    @Test("a new day or frequency starts after what the last period considered covers", arguments: [
        ("month", "1", "2025-01-20", "month", "15", "2025-02-15"),
        ("month", "15", "2025-01-20", "month", "1", "2025-02-01"),
        ("month", "1", "2025-02-03", "week", "monday", "2025-03-03"),
        ("month", "1", "2025-01-20", "quarter", "1", "2025-04-01"),
        ("week", "monday", "2025-01-20", "month", "1", "2025-02-01"),
        ("2weeks", "wednesday", "2025-01-02", "week", "wednesday", "2025-01-15"),
        ("year", "1", "2025-06-01", "month", "1", "2026-01-01"),
    ] as [(String, String, String, String, String, String)])
    func carriesProgress(every: String, on: String, caughtUp: String, newEvery: String, newOn: String, next: String) throws {
        let old = try rule(every: every, on: on, caughtUpTo: caughtUp)
        let schedule = try old.schedule.changed(every: newEvery, on: newOn, end: nil)
        let edited = old.edited(template: old.template, schedule: schedule, today: date(caughtUp))
        #expect(edited.nextDue == date(next))
        // Nothing the old rule considered is due again under the new one.
        let keys = Set(old.schedule.due(through: date(caughtUp)).map(\.key))
        #expect(edited.catchUp(through: date("2026-12-31")).due.allSatisfy { !keys.contains($0.key) })
    }

    @Test("a new amount or end keeps the progress as it is")
    func sameDates() throws {
        let old = try rule(caughtUpTo: "2025-03-05")
        var template = old.template
        template.amount = Money(minorUnits: 96_000, currency: template.amount.currency)
        let edited = old.edited(template: template, schedule: try old.schedule.changed(every: nil, on: nil, end: .times(24)),
                                today: date("2025-03-05"))
        #expect(edited.nextPeriod == old.nextPeriod && edited.nextDue == date("2025-04-01"))
    }

    @Test("an instance as the rule made it is told from one edited by hand; made again, it keeps its id, slot and paid marks")
    func madeAndRemade() throws {
        let old = try rule(caughtUpTo: "2025-02-05")
        let period = old.schedule.period(1)!
        var instance = try old.template.instance(of: old.id, period, present: [ana, beto])
        #expect(old.made(instance, present: { _ in [ana, beto] }))
        #expect(!old.made(instance, present: { _ in [ana] }))
        instance.splits[1].isPaid = true
        #expect(old.made(instance, present: { _ in [ana, beto] }), "a paid mark is no edit")
        var edited = instance
        edited.note = "late"
        #expect(!old.made(edited, present: { _ in [ana, beto] }))
        var template = old.template
        template.amount = Money(minorUnits: 96_000, currency: template.amount.currency)
        let moved = old.edited(template: template, schedule: try old.schedule.changed(every: nil, on: "15", end: nil),
                               today: date("2025-02-05"))
        let remade = try moved.remade(instance, key: period.key, present: { _ in [ana, beto] })
        #expect(remade.id == instance.id && remade.date == date("2025-02-15") && remade.amount.minorUnits == 96_000)
        #expect(remade.splits.map(\.isPaid) == [false, true])
        #expect(moved.made(remade, present: { _ in [ana, beto] }))
    }

    @Test("--from may be no later than the next instance to come")
    func latestFrom() throws {
        let old = try rule(caughtUpTo: "2025-02-05")
        #expect(old.latestFrom(today: date("2025-02-05")) == date("2025-03-01"))
        var paused = old
        paused.paused = true
        #expect(paused.latestFrom(today: date("2025-05-20")) == date("2025-06-01"))
    }
}
