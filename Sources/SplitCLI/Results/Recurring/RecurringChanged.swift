import SplitCore
import SplitJSON

/// `recurring pause|resume|delete`: the rule as it is now.
struct RecurringChanged: CommandResult {
    let trip: Trip
    let verb: String
    let rule: RecurringRule
    let directory: MemberDirectory

    var json: JSONValue { .object(["trip": JSONRendering.trip(trip), "rule": RecurringWords.json(rule, directory)]) }
    var lines: [String] { ["\(verb) recurring \(RecurringWords.line(rule, directory))."] }

    /// Pauses or resumes `reference`; pausing a paused rule (or resuming a running one) is
    /// refused, as it would change nothing.
    static func setPaused(_ paused: Bool, _ reference: String, _ context: CommandContext) async throws -> RecurringChanged {
        let (trip, directory) = try await context.tripAndMembers()
        let now = try await context.backend.setRecurringRulePaused(matching: { rules in
            let found = try RecurringReference.resolve(reference, in: rules)
            guard found.paused != paused else {
                throw CLIError.data("recurring '\(found.template.description)' is \(paused ? "already paused" : "not paused")")
            }
            return found
        }, paused: paused, today: context.clock.today(), trip: trip.id, at: context.now)
        return RecurringChanged(trip: trip, verb: paused ? "Paused" : "Resumed", rule: now, directory: directory)
    }
}
