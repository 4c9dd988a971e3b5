import Foundation

/// Revisions in HTTP headers: `ETag: "42"` on the group's reads, `If-None-Match` against it, and
/// `If-Match` on edits and deletes.
///
/// A revision is a plain counter, so the tag is its decimal text in quotes. `W/"42"` and a bare
/// `42` are read the same way, because clients and proxies differ in how they echo tags back.
enum RevisionTag {
    /// The `ETag` value for `revision`.
    static func etag(_ revision: Int64) -> String { "\"\(revision)\"" }

    /// The revision an `If-Match` header names, nil without the header; `*` means "any", and
    /// is also nil. Anything else is a 400 naming the header and the accepted form.
    static func ifMatch(_ header: String?) throws(APIError) -> Int64? {
        guard let header else { return nil }
        let text = header.trimmingCharacters(in: .whitespaces)
        if text == "*" { return nil }
        guard let revision = parse(text) else {
            throw .badRequest("If-Match '\(text.prefix(40))' is not a revision; send the item's revision in quotes, such as \"42\"")
        }
        return revision
    }

    /// Whether an `If-None-Match` header (a list of tags, or `*`) names `revision`.
    static func matches(ifNoneMatch header: String?, revision: Int64) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { part in
            let text = part.trimmingCharacters(in: .whitespaces)
            return text == "*" || parse(text) == revision
        }
    }

    private static func parse(_ text: String) -> Int64? {
        var body = Substring(text)
        if body.hasPrefix("W/") { body = body.dropFirst(2) }
        if body.count >= 2, body.hasPrefix("\""), body.hasSuffix("\"") { body = body.dropFirst().dropLast() }
        guard !body.isEmpty, body.count <= 19, body.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int64(body) else { return nil }
        return value
    }
}
