import HTTPTypes
import Hummingbird
import SplitJSON

/// Refuses every request body that is not strict RFC 8259 JSON, before anything decodes it.
///
/// Foundation's `JSONDecoder`, which the generated OpenAPI code uses, is lenient: it reads
/// `{"name": "Broken",}` as a group named Broken, accepts `NaN`, and keeps the last of two
/// duplicate keys. So each body is first read by SplitJSON's ``JSONParser``, which refuses
/// trailing commas, comments, `NaN`/`Infinity`, leading zeros, invalid UTF-8, lone surrogates
/// and duplicate keys with a line and column; the answer is a 400 naming the problem, and
/// nothing runs. One parse, in this one place, for every route.
///
/// Runs after ``BodyLimitMiddleware``, which has already collected the body into one buffer.
/// Bodies sent with a content type other than JSON are left to the generated code, which
/// refuses them; empty bodies are left alone (some operations take an optional body). The
/// routes of ``ParsedBody`` get the parsed body too, and a request with an `Idempotency-Key`
/// its canonical bytes.
struct StrictJSONMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard Self.declaresJSON(request.headers[.contentType]) else {
            return try await next(request, context)
        }
        let body = try await request.body.collect(upTo: .max)
        guard body.readableBytes > 0 else { return try await next(request, context) }
        let parsed = try body.withUnsafeReadableBytes { bytes throws(APIError) -> JSONValue in
            do throws(JSONError) {
                return try JSONParser.parse(bytes)
            } catch {
                throw APIError.badRequest("the body is not valid JSON: \(error.description)")
            }
        }
        let canonical = request.headers[IdempotencyMiddleware.header] == nil ? nil : parsed.canonicalBytes
        return try await ParsedBody.$canonical.withValue(canonical) {
            guard ParsedBody.kept(method: request.method.rawValue, path: request.uri.path) else {
                return try await next(request, context)
            }
            return try await ParsedBody.$value.withValue(parsed) { try await next(request, context) }
        }
    }

    /// Whether the body claims to be JSON: `application/json`, any `+json` type, or no type at
    /// all (the generated code then refuses it unless the operation takes no body).
    static func declaresJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let media = contentType.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return media == "application/json" || media.hasSuffix("+json")
    }
}
