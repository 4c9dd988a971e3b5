import Foundation
import SplitAPI
import SplitCore
import SplitJSON

/// The split as given in its one stored form, `expenses.split_given` (schema version 9).
///
/// The column holds the contract's `SplitGiven` exactly as ``SplitGivenWire`` writes the rule,
/// in the expense's own currency, members by lower-case id, encoded with sorted keys: whatever
/// form a client sent, the same rule is stored the same way. Reading goes back through
/// ``SplitGivenWire/rule(_:currency:field:member:)``, the one parser, so what the server reads
/// is exactly what it would accept.
///
/// ```swift
/// let text = StoredSplitGiven.text(.shares(parts), currency: usd)   // {"mode":"shares","parts":[…]}
/// let rule = StoredSplitGiven.rule(text, currency: usd, splits: splits, amount: amount)
/// ```
enum StoredSplitGiven {
    /// The stored text of a rule kept with an expense in `currency`; nil (NULL) for none, and
    /// for an equal split, which is never kept (``SplitCore/SplitRule/kept``).
    static func text(_ rule: SplitRule?, currency: Currency) -> String? {
        guard let kept = rule?.kept else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(wire(kept, currency: currency)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The rule stored for an expense with these `splits` of `amount`; nil when there is none,
    /// and also when the stored text cannot be read back or no longer gives exactly those
    /// splits. Neither should happen (every write checks both), but a read must never fail on
    /// a hint: the splits stay the truth, and the expense then reads as having no split given.
    static func rule(_ text: String?, currency: Currency, splits: [ExpenseSplit], amount: Money) -> SplitRule? {
        guard let rule = read(text, currency: currency), rule.reproduces(splits, amount: amount) else { return nil }
        return rule
    }

    /// The rule the stored text holds, for an expense in `currency`; nil for NULL and for text
    /// that is not one the server writes.
    static func read(_ text: String?, currency: Currency) -> SplitRule? {
        guard let text,
              let wire = try? JSONDecoder().decode(SplitGivenWire.Wire.self, from: Data(text.utf8)),
              let rule = try? SplitGivenWire.rule(wire, currency: currency, member: member)
        else { return nil }
        return rule.kept
    }

    /// The contract's form of a rule, for an expense in `currency`.
    static func wire(_ rule: SplitRule, currency: Currency) -> SplitGivenWire.Wire {
        SplitGivenWire.wire(rule, currency: currency, name: name)
    }

    /// The listing's JSON (``ExpenseListRoute``) of a rule: the same text, as a JSON value.
    static func json(_ rule: SplitRule, currency: Currency) -> JSONValue? {
        text(rule, currency: currency).flatMap { try? JSONParser.parse($0) }
    }

    /// A member named on the wire by its id, in any case; nil for text that is no id.
    static func member(_ text: String) -> MemberID? {
        UUID(uuidString: text).map(ExpenseRecord.member)
    }

    /// The id a member is named by on the wire: lower case, as every id the server sends.
    static func name(_ member: MemberID) -> String { member.rawValue.lowercased() }

    /// The database id of a member a rule names.
    static func id(_ member: MemberID) -> UUID? { UUID(uuidString: member.rawValue) }
}
