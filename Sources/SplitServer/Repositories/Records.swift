import Foundation
import SplitCore

/// A trip group as stored, in the Node server's terms.
struct GroupRecord: Sendable, Equatable {
    let id: UUID
    var name: String
    var description: String?
    let ownerID: UUID
    let inviteCode: String
    let isActive: Bool
}

/// A person of a trip (not necessarily a user).
struct MemberRecord: Sendable, Equatable {
    let id: UUID
    let groupID: UUID
    let userID: UUID?
    var name: String
    /// ISO 8601, UTC, milliseconds, as the Node server formats timestamps.
    let createdAt: String
}

/// One member's share of an expense.
struct SplitRecord: Sendable, Equatable {
    let id: UUID
    let memberID: UUID
    /// Minor units of the expense's currency.
    let amount: Int64
    let isPaid: Bool
}

/// One member's part of paying an expense several members paid (`expense_payers`).
struct PayerRecord: Sendable, Equatable {
    let memberID: UUID
    /// Minor units of the expense's currency.
    let amount: Int64
    /// The id of this payer's row in the legacy listing: the expense's own id for the lead
    /// payer (the lowest member id), a fresh one for each other payer.
    let rowID: UUID
}

/// A live expense with its splits.
struct ExpenseRecord: Sendable, Equatable {
    let id: UUID
    let groupID: UUID
    let description: String
    let amount: Money
    let category: String
    /// The single payer, or the lead payer (lowest member id) of several.
    let paidBy: UUID
    let date: CivilDate
    let createdAt: String
    var splits: [SplitRecord]
    /// The payers in member-id order when two or more paid; empty when `paidBy` paid it all.
    var payers: [PayerRecord] = []
    /// How the split was given (never an equal split), while it gives exactly ``splits``;
    /// nil when none is stored (``StoredSplitGiven``).
    var splitGiven: SplitRule?

    /// Whether several members paid it, which the legacy listing shows as one row per payer.
    var hasSeveralPayers: Bool { payers.count > 1 }
}

/// A reimbursement from one member to another.
struct PaymentRecord: Sendable, Equatable {
    let id: UUID
    let groupID: UUID
    let from: UUID
    let to: UUID
    let amount: Money
    let note: String?
    let date: CivilDate
    let createdAt: String
}

/// One paid/unpaid change of a split.
struct HistoryRecord: Sendable, Equatable {
    /// The `payment_history.action` values.
    enum Action: String, Sendable {
        case markedPaid = "marked_paid"
        case markedUnpaid = "marked_unpaid"
    }

    let id: UUID
    let splitID: UUID
    let action: Action
    let userID: UUID
    let performedAt: String
    let reason: String?
    let userName: String
}

/// Converting the amount columns to minor units and back. They were the Node schema's
/// NUMERIC(12,2); since schema version 7 they are NUMERIC without a scale, read as whole cents,
/// or as thousandths for a three-decimal currency (``minor(cents:thousandths:currency:)``).
enum StoredAmount {
    /// Minor units of `cents` hundredths; a legacy row with cents a zero-decimal currency
    /// cannot hold (JPY 10.50, which the Node server accepted) is rounded half to even, by
    /// SplitCore's one rounding rule (``Rounding``).
    static func minor(cents: Int64, currency: Currency) -> Int64 {
        let divisor = 100 / currency.minorPerMajor
        guard divisor > 1 else { return cents * (currency.minorPerMajor / 100) }
        // |cents| / divisor rounded is no larger than |cents|, so it fits Int64 again.
        return Int64(Rounding.halfEven(Int128(cents), over: Int128(divisor)))
    }

    /// Decimal text for a NUMERIC parameter, with two decimals as the Node schema's NUMERIC(12,2)
    /// column kept every amount ("3000.00", "10.01"), or three for a currency that has them
    /// ("12.345" KWD), which the unscaled column of schema version 7 stores as written.
    static func text(_ minor: Int64, _ currency: Currency) -> String {
        guard currency.exponent < 2 else { return DecimalText.major(minor, exponent: currency.exponent, padded: true) }
        return DecimalText.major(minor * (100 / currency.minorPerMajor), exponent: 2, padded: true)
    }
}

/// SQL fragment formatting a TIMESTAMPTZ the way the Node server's JSON does.
let isoTimestampFormat = "YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\""
