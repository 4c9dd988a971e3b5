import SplitCore

/// The text form of one payment, for `show` and `edit`.
enum PaymentText {
    /// "Bea paid Alex JPY 3,000 on 2025-04-02".
    static func summary(_ payment: Payment, _ directory: MemberDirectory) -> String {
        "\(directory.name(of: payment.from)) paid \(directory.name(of: payment.to)) \(payment.amount) on \(payment.date)"
    }

    /// The summary, the note if any, and the id.
    static func lines(_ payment: Payment, _ directory: MemberDirectory) -> [String] {
        [summary(payment, directory)] + (payment.note.map { ["Note: \($0)"] } ?? []) + ["Id: \(payment.id)"]
    }
}
