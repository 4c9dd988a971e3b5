/// What a person is told when a trip linked to the Node server stores an expense that several
/// members paid as one expense per payer (the server knows one payer per expense).
enum NodePartsNote {
    static func text(parts: Int) -> String {
        "split: this trip syncs with the Node server, which knows one payer per expense: "
            + "saved as \(parts) expenses, one per payer, with the same balances"
    }
}
