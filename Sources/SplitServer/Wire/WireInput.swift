import Foundation
import SplitCore

/// Strict readers for the scalar and text fields of requests: ids, dates, currencies,
/// categories, names and free text. Every text field of every operation is read here.
///
/// Each returns the domain value or throws a 400 whose message names the field and what is
/// accepted, so the Node server's 500s on bad input become client errors here.
enum WireInput {
    /// A UUID in its canonical 8-4-4-4-12 hex form, returned lower-cased.
    static func uuid(_ text: String, field: String) throws(APIError) -> UUID {
        guard text.utf8.count == 36, let value = UUID(uuidString: text) else {
            throw .badRequest("\(field) '\(text.prefix(64))' is not a UUID (expected 8-4-4-4-12 hex digits)")
        }
        return value
    }

    /// A calendar date written exactly `YYYY-MM-DD`.
    static func date(_ text: String, field: String) throws(APIError) -> CivilDate {
        guard text.utf8.count == 10, let date = CivilDate(parsing: text) else {
            throw .badRequest("\(field) '\(text.prefix(40))' is not a date; use YYYY-MM-DD, such as 2025-01-20")
        }
        return date
    }

    /// Any ISO 4217 code `split` takes locally (SplitCore's `Currency(code:)`), written in
    /// upper case as the wire always has: `PEN`, `KWD`, `CLP`; not `pen`, not `XYZ`.
    static func currency(_ text: String?, field: String = "currency", default fallback: String? = nil)
        throws(APIError) -> Currency {
        guard let code = text ?? fallback else { throw .badRequest("\(field) is required") }
        guard let currency = try? Currency(code: code), currency.code == code else {
            throw .badRequest("\(field) '\(code.prefix(16))' is not accepted; use an ISO 4217 currency code in upper case, "
                + "such as USD, EUR, JPY or PEN")
        }
        return currency
    }

    /// A category by its exact API name: one of the six, or a name a group may hold (feature
    /// `categories`), which each write checks against the group's list (``CategoryCheck``).
    static func category(_ text: String, field: String = "category") throws(APIError) -> SplitCore.Category {
        if let category = SplitCore.Category.builtIn(text) { return category }
        // Another spelling of one of the six (`meal`) stays refused, as the Node server does.
        guard SplitCore.Category(name: text) == nil, let name = try? NameRules.category(text), name == text else {
            throw .badRequest("\(field) '\(text.prefix(32))' is not one of " + SplitCore.Category.acceptedList)
        }
        return SplitCore.Category(rawValue: name)
    }

    /// A trimmed member or group name: 1 to 100 characters, no control characters. Commas are
    /// allowed (the iOS app allows them); only the command line cares about them.
    static func name(_ text: String, field: String) throws(APIError) -> String {
        try refuseControls(text, field: field, allowing: .singleLine)
        do {
            return try NameRules.trip(text)
        } catch {
            throw .badRequest("\(field): \(error.problem)")
        }
    }

    /// An optional ISO 8601 time in UTC (`2025-01-20T09:00:00.000Z`); an offset such as `+01:00` is refused.
    static func instant(_ text: String?, field: String) throws(APIError) -> Timestamp? {
        guard let text else { return nil }
        guard let instant = Timestamp(iso8601: text) else {
            throw .badRequest("\(field) '\(text.prefix(40))' is not an ISO 8601 time such as 2025-01-20T09:00:00.000Z")
        }
        return instant
    }

    /// Optional free text, trimmed, with a length limit; empty becomes nil. A note or a reason
    /// passes `.note` and may keep line breaks and tabs.
    static func text(_ text: String?, field: String, limit: Int = TextRules.textLimit, allowing lines: TextLines = .singleLine)
        throws(APIError) -> String? {
        guard let trimmed = text?.trimmingSpaces, !trimmed.isEmpty else { return nil }
        try refuseControls(trimmed, field: field, allowing: lines)
        guard trimmed.count <= limit else { throw .badRequest("\(field) is longer than \(limit) characters") }
        return trimmed
    }

    /// Required one-line text, trimmed: 1 to `limit` characters.
    static func requiredText(_ text: String, field: String, limit: Int) throws(APIError) -> String {
        guard let value = try self.text(text, field: field, limit: limit) else {
            throw .badRequest("\(field) must be 1 to \(limit) characters")
        }
        return value
    }

    /// A client's own identifier (from-local `localId`s), kept exactly as sent: 1 to 255 bytes
    /// of one-line text.
    static func localID(_ text: String, field: String) throws(APIError) -> String {
        guard !text.isEmpty, text.utf8.count <= 255 else { throw .badRequest("\(field) must be 1 to 255 characters") }
        try refuseControls(text, field: field, allowing: .singleLine)
        return text
    }

    /// A password, kept exactly as sent (never trimmed): no control characters, which no
    /// keyboard types and which a C-string bcrypt would cut at.
    static func password(_ text: String, field: String = "password") throws(APIError) -> String {
        try refuseControls(text, field: field, allowing: .singleLine)
        return text
    }

    /// A group's invite code: six ASCII letters or digits, returned upper-case.
    static func inviteCode(_ text: String, field: String = "inviteCode") throws(APIError) -> String {
        let code = try requiredText(text, field: field, limit: 64)
        guard code.count == 6, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw .badRequest("\(field) must be the group's 6-character code, such as K7QM2X")
        }
        return code.uppercased()
    }

    /// Which control characters a text field keeps.
    enum TextLines {
        /// None: names, descriptions, e-mail, phone, device names, codes, ids.
        case singleLine
        /// Line breaks and tabs: notes and reasons, which people write on several lines.
        case note
    }

    /// Throws a 400 naming `field` when `text` holds a control character: C0 (U+0000–U+001F,
    /// NUL among them, which PostgreSQL cannot store in text), DEL (U+007F) or C1
    /// (U+0080–U+009F); a `.note` keeps line breaks and tabs. The rule is SplitCore's
    /// ``TextRules``, the one the CLI applies, so a trip never holds text the server refuses.
    static func refuseControls(_ text: String, field: String, allowing lines: TextLines) throws(APIError) {
        do {
            try TextRules.check(text, field: field, allowing: lines == .note ? TextRules.noteAllows : [])
        } catch {
            throw .badRequest(error.message)
        }
    }
}
