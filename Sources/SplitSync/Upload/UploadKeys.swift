import SplitCore

/// Deterministic `Idempotency-Key`s for an upload's POSTs.
///
/// The same item sent again, by a retry or by a later run, carries the same key, so
/// split-server replays its first answer instead of storing it twice. A key names the kind,
/// the cloud group, the local id and a digest of what is sent: an item edited locally between
/// two runs gets a new key (reusing a key for a different body is refused with a 422).
/// The Node server ignores keys; reconciliation covers it (see ``Uploader``).
enum UploadKeys {
    static func key(_ kind: String, group: TripID?, local: String, content: String) -> String {
        "split-upload:\(kind):\(group?.rawValue ?? "-"):\(local):\(digest(content))"
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, in hex: stable across runs and machines (Swift's
    /// `Hasher` is seeded per process), and collisions only matter between two versions of the
    /// same item.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The fields of an expense that a server stores, as text, with paid states.
    static func content(_ expense: Expense) -> String {
        var text = "\(expense.description)|\(expense.amount.minorUnits)|\(expense.amount.currency.code)|"
            + "\(expense.category.wireName)|\(expense.leadPayer.rawValue)|\(expense.date)"
        if expense.soloPayer == nil {
            for payer in expense.payers { text += "|paid:\(payer.memberID.rawValue)=\(payer.amount)" }
        }
        for split in expense.splits {
            text += "|\(split.memberID.rawValue)=\(split.amount)\(split.isPaid ? "p" : "")"
        }
        return text
    }

    static func content(_ payment: Payment) -> String {
        "\(payment.from.rawValue)|\(payment.to.rawValue)|\(payment.amount.minorUnits)|\(payment.amount.currency.code)|"
            + "\(payment.date)|\(payment.note ?? "")"
    }
}
