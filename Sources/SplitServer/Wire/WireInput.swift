import Foundation
import SplitCore

/// Strict readers for the scalar fields of requests: ids, dates, currencies, categories, names.
///
/// Each returns the domain value or throws a 400 whose message names the field and what is
/// accepted, so the Node server's 500s on bad input become client errors here.
enum WireInput {
    /// The currencies the server stores: the iOS app's 20. The Node server knew only four.
    static let currencies: Set<String> = Set(CurrencyTable.appCurrencies)

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

    /// One of the 20 accepted ISO 4217 codes, upper-case.
    static func currency(_ text: String?, field: String = "currency", default fallback: String? = nil)
        throws(APIError) -> Currency {
        guard let code = text ?? fallback else { throw .badRequest("\(field) is required") }
        guard currencies.contains(code), let currency = try? Currency(code: code) else {
            throw .badRequest("\(field) '\(code.prefix(16))' is not accepted; use one of "
                + CurrencyTable.appCurrencies.joined(separator: ", "))
        }
        return currency
    }

    /// A category by its exact API name.
    static func category(_ text: String, field: String = "category") throws(APIError) -> SplitCore.Category {
        guard let category = SplitCore.Category(rawValue: text) else {
            throw .badRequest("\(field) '\(text.prefix(32))' is not one of "
                + SplitCore.Category.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return category
    }

    /// A trimmed member or group name: 1 to 100 characters, no control characters. Commas are
    /// allowed (the iOS app allows them); only the command line cares about them.
    static func name(_ text: String, field: String) throws(APIError) -> String {
        do {
            return try NameRules.trip(text)
        } catch {
            throw .badRequest("\(field): \(error.problem)")
        }
    }

    /// Optional free text, trimmed, with a length limit; empty becomes nil.
    static func text(_ text: String?, field: String, limit: Int = 1000) throws(APIError) -> String? {
        guard let trimmed = text?.trimmingSpaces, !trimmed.isEmpty else { return nil }
        guard trimmed.count <= limit else { throw .badRequest("\(field) is longer than \(limit) characters") }
        return trimmed
    }
}
