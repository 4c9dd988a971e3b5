import SplitCore

/// The words of the report's lists, shared by every format: the people table's columns, a
/// payment in one line, and the notes under a capped list.
public enum ListWords {
    /// The people table's header: what each member paid, their share, what they sent and
    /// received in payments, and where that leaves them.
    public static let peopleHeader = ["Member", "Paid", "Share", "Sent", "Received", "Net"]

    /// One member's row of the people table, as words: each column by name, so a format
    /// cannot take the share for the amount paid by reading the wrong index.
    public struct Person: Hashable, Sendable {
        public let name: String
        public let paid: String
        public let share: String
        public let sent: String
        public let received: String
        public let net: String

        /// The row in ``ListWords/peopleHeader``'s order.
        public var cells: [String] { [name, paid, share, sent, received, net] }
    }

    /// One member's row of the people table in `currency`: name, then the five amounts.
    public static func person(_ balance: MemberBalance, _ currency: Currency, name: String) -> Person {
        Person(name: name, paid: MoneyWords.text(balance.totalPaid, currency), share: MoneyWords.text(balance.totalShare, currency),
               sent: MoneyWords.text(balance.paymentsMade, currency), received: MoneyWords.text(balance.paymentsReceived, currency),
               net: ReportWords.signed(balance.net, currency))
    }

    /// `Carla paid Ana PEN 125.80`: a payment as a sentence (its date and note shown beside it).
    public static func payment(_ payment: Payment, _ names: MemberDirectory) -> String {
        "\(names.name(of: payment.from)) paid \(names.name(of: payment.to)) "
            + MoneyWords.text(payment.amount.minorUnits, payment.amount.currency)
    }

    /// `Payments` or `Payments (newest 500 of 812)`.
    public static func paymentsHeading(_ report: TripReport) -> String {
        report.isPaymentListCapped ? "Payments (newest \(number: report.payments.count) of \(number: report.paymentCount))" : "Payments"
    }

    /// A payment's note as shown: empty when it has none or only spaces.
    public static func note(_ note: String?) -> String {
        guard let note, !note.trimmingSpaces.isEmpty else { return "" }
        return Expense.shown(note)
    }

    /// The line under an empty payment list: nothing was paid back yet.
    public static let noPayments = "No payments yet."
}
