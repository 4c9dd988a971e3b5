import ArgumentParser
import SplitCore

/// The text form of one payment, for `show` and `edit`.
enum PaymentText {
    /// "Bea paid Alex JPY 3,000 on 2025-04-02".
    static func summary(_ payment: Payment, _ directory: MemberDirectory) -> String {
        "\(directory.name(of: payment.from)) paid \(directory.name(of: payment.to)) \(payment.amount) on \(payment.date)"
    }

    static func print(_ payment: Payment, _ directory: MemberDirectory, to output: Output) {
        output.line(summary(payment, directory))
        if let note = payment.note { output.line("Note: \(note)") }
        output.line("Id: \(payment.id)")
    }
}
