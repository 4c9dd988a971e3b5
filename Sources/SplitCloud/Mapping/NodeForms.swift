import Foundation
import OpenAPIRuntime
import SplitAPI
import SplitCore

/// The Node server's forms that the contract cannot express, read in this one place.
///
/// - `expenseDate` comes as `2025-01-20`, or as a timestamp of the date's midnight in the
///   server's time zone (`2025-01-20T00:00:00.000Z` from a server in UTC,
///   `2025-01-19T16:00:00.000Z` from one in UTC+8): ``date(_:)``.
/// - Error bodies are `{"error": "..."}`, an HTML page (Express's 404 for an unknown route,
///   400 for malformed JSON) or plain text: ``errorText(_:)``.
/// - Bad input gets a 500, not a 400 (see ``RetryMiddleware``), and a refused token a 403
///   `Invalid token` as well as a 401: ``error(status:text:authenticated:server:notFound:)``.
/// - A status the contract does not list for an operation: ``undocumented(_:operation:server:)``.
///
/// Snake_case group keys (`owner_id`, `invite_code`, `is_active`) are in the contract itself.
enum NodeForms {
    private static let day: Int64 = 86_400_000
    private static let halfDay: Int64 = 43_200_000

    /// The calendar date of an `expenseDate` (or `paymentDate`) in any form a server sends.
    ///
    /// A timestamp is read as the date of the **nearest UTC midnight**: every zone from
    /// UTC−11:59 to UTC+12 puts local midnight within 12 hours of the right UTC midnight.
    /// Exactly noon UTC (UTC+12 or UTC−12) rounds up, which is right for UTC+12 (New Zealand)
    /// and wrong only for the uninhabited UTC−12.
    static func date(_ text: String) -> CivilDate? {
        if text.utf8.count == 10 { return CivilDate(parsing: text) }
        guard let instant = instant(text) else { return nil }
        let ms = instant.millisecondsSince1970 + halfDay
        let days = ms >= 0 ? ms / day : (ms - day + 1) / day
        // Outside years 1 to 9999 there is no date to read (the conversion would clamp).
        let date = CivilDate.fromDaysSinceEpoch(days)
        return date.daysSinceEpoch == days ? date : nil
    }

    /// Requests always carry the plain `YYYY-MM-DD` both servers accept.
    static func text(_ date: CivilDate) -> String { date.description }

    /// `...Z`, or `...±HH:MM` converted to UTC.
    private static func instant(_ text: String) -> Timestamp? {
        if text.hasSuffix("Z") || text.hasSuffix("z") {
            return Timestamp(iso8601: String(text.dropLast()) + "Z")
        }
        let bytes = Array(text.utf8)
        guard bytes.count >= 25, bytes[bytes.count - 3] == UInt8(ascii: ":") else { return nil }
        let signByte = bytes[bytes.count - 6]
        guard signByte == UInt8(ascii: "+") || signByte == UInt8(ascii: "-"),
              let hours = Int64(String(decoding: bytes[(bytes.count - 5)..<(bytes.count - 3)], as: UTF8.self)),
              let minutes = Int64(String(decoding: bytes[(bytes.count - 2)...], as: UTF8.self)),
              hours < 24, minutes < 60,
              let local = Timestamp(iso8601: String(decoding: bytes[..<(bytes.count - 6)], as: UTF8.self) + "Z") else {
            return nil
        }
        let offset = (hours * 60 + minutes) * 60_000 * (signByte == UInt8(ascii: "+") ? 1 : -1)
        return Timestamp(millisecondsSince1970: local.millisecondsSince1970 - offset)
    }

    /// The message of an error body, on one line: the contract's `{"error": "..."}`; for an
    /// HTML page (Express's own errors) the text of its `<pre>` (`Cannot GET /api/nope`,
    /// `Payload Too Large`), else of its `<title>`; else the start of the body as text; else
    /// "no details".
    static func errorText(_ body: [UInt8]) -> String {
        if let answer = try? JSONDecoder().decode(Components.Schemas._Error.self, from: Data(body)) {
            return oneLine(answer.error)
        }
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        if text.contains("<") {
            for tag in ["pre", "title", "h1"] {
                if let inner = element(tag, in: text) { return oneLine(stripTags(inner)) }
            }
            return oneLine(stripTags(text))
        }
        return oneLine(text)
    }

    /// The text inside the first `<tag>…</tag>`, when it has any.
    private static func element(_ tag: String, in html: String) -> String? {
        guard let open = html.range(of: "<\(tag)", options: .caseInsensitive),
              let start = html[open.upperBound...].firstIndex(of: ">"),
              let close = html.range(of: "</\(tag)>", options: .caseInsensitive, range: start..<html.endIndex) else { return nil }
        let inner = String(html[html.index(after: start)..<close.lowerBound])
        return inner.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : inner
    }

    private static func stripTags(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false; text.append(" ") } else if !inTag {
                text.append(character)
            }
        }
        return text.replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Whitespace folded to single spaces, at most 200 characters: a message stays one line.
    private static func oneLine(_ text: String) -> String {
        let folded = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !folded.isEmpty else { return "no details" }
        return folded.count > 200 ? String(folded.prefix(199)) + "…" : folded
    }

    /// What a refusal (a status outside 2xx other than 429 and 5xx) means: 401, and 403 about
    /// the token (the Node server's `Invalid token`), on a request carrying the token mean it
    /// was refused; 404 is the caller's `notFound` message; anything else is refused with the
    /// server's text.
    static func error(status: Int, text: String, authenticated: Bool, server: String,
                      notFound: () -> String) -> CloudError {
        switch status {
        case 401 where authenticated:
            return .tokenRefused(server: server)
        case 403 where authenticated && text.lowercased().contains("token"):
            return .tokenRefused(server: server)
        case 404 where text.hasPrefix("Cannot "):
            // Express's page for a route it does not have: not a missing trip or expense.
            return .unsupported("the server at \(server) has no such route (\(text)); it may be an older server, "
                                + "or not a budget_splitter_web server")
        case 404:
            return .notFound(notFound())
        default:
            return .refused(status: status, detail: text)
        }
    }

    /// A success status the contract does not list for `operation` (refusals never get this
    /// far: ``RefusalMiddleware`` stops them first).
    static func undocumented(_ status: Int, operation: String, server: String) -> CloudError {
        .badResponse(server: server, detail: "\(operation) answered HTTP \(status), which the API does not define")
    }
}
