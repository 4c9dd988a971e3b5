import Testing
@testable import SplitCore

/// A recurring rule's catch-ups: each period is considered once, paused periods are skipped,
/// and an instance is the same expense on every device.
@Suite("Recurring: rules and their instances")
struct RecurringRuleTests {
    private let ana = MemberID("a0000000-0000-4000-8000-000000000001")
    private let beto = MemberID("a0000000-0000-4000-8000-000000000002")
    private let carla = MemberID("a0000000-0000-4000-8000-000000000003")

    private func date(_ text: String) -> CivilDate { CivilDate(parsing: text)! }

    private func rent(split: SplitRule? = nil) throws -> RecurringRule {
        let template = RecurringTemplate(description: "Rent", amount: Money(minorUnits: 100_000, currency: try Currency(code: "EUR")),
                                         payers: .equal([ana]), split: split, category: .other, note: nil)
        return RecurringRule(id: RecurringRuleID("b0000000-0000-4000-8000-000000000001"), template: template,
                             schedule: try RecurrenceSchedule(every: "month", on: "1", start: date("2025-01-01"), until: nil, times: nil))
    }

    @Test("a catch-up adds each due period once; the next one adds only what fell due since")
    func catchUpOnce() throws {
        let rule = try rent()
        #expect(rule.nextDue == date("2025-01-01"))
        let first = rule.catchUp(through: date("2025-03-15"))
        #expect(first.due.map(\.key) == ["2025-01", "2025-02", "2025-03"])
        #expect(first.rule.nextDue == date("2025-04-01"))
        #expect(first.rule.catchUp(through: date("2025-03-31")).due.isEmpty)
        #expect(first.rule.catchUp(through: date("2025-04-01")).due.map(\.key) == ["2025-04"])
    }

    @Test("a paused rule adds nothing; resumed, it skips the periods that fell while paused")
    func pauseAndResume() throws {
        var rule = try rent().catchUp(through: date("2025-01-31")).rule
        rule.paused = true
        #expect(rule.nextDue == nil)
        #expect(rule.catchUp(through: date("2025-06-30")).due.isEmpty)
        let resumed = rule.resumed(on: date("2025-04-10"))
        #expect(resumed.catchUp(through: date("2025-06-30")).due.map(\.key) == ["2025-05", "2025-06"])
    }

    @Test("two devices make the same instance: the same id, date, amounts and split")
    func sameOnEveryDevice() throws {
        let period = try rent().catchUp(through: date("2025-03-01")).due.last!
        let mine = try rent().template.instance(of: try rent().id, period, present: [ana, beto, carla])
        let theirs = try rent().template.instance(of: try rent().id, period, present: [ana, beto, carla])
        #expect(mine == theirs)
        #expect(mine.date == date("2025-03-01"))
        #expect(mine.splits.map(\.amount) == [33_334, 33_333, 33_333])
        #expect(mine.splitGiven == nil)
    }

    @Test("with no split given, the members present share; a given split stays as given")
    func whoShares() throws {
        let period = try rent().catchUp(through: date("2025-01-01")).due[0]
        let twoLeft = try rent().template.instance(of: try rent().id, period, present: [ana, carla])
        #expect(twoLeft.splits.map(\.memberID) == [ana, carla])
        let given = try rent(split: .shares([MemberWeight(memberID: ana, weight: 2), MemberWeight(memberID: beto, weight: 1)]))
        let instance = try given.template.instance(of: given.id, period, present: [carla])
        #expect(instance.splits.map(\.amount) == [66_667, 33_333])
        #expect(instance.splitGiven != nil)
        #expect(throws: SplitError.noParticipants) { try rent().template.instance(of: try rent().id, period, present: []) }
    }

    @Test("a rule that has ended is due no more, even asked for a far period")
    func ended() throws {
        var rule = try rent()
        rule.schedule = try RecurrenceSchedule(every: "week", on: nil, start: date("2025-01-01"), until: nil, times: 2)
        let after = rule.catchUp(through: date("2025-12-31"))
        #expect(after.due.count == 2)
        #expect(after.rule.nextDue == nil)
        #expect(after.rule.resumed(on: date("2026-01-01")).nextDue == nil)
        #expect(rule.schedule.period(Int.max) == nil)
    }
}
