import Foundation
import HTTPTypes
import Hummingbird
import Logging
import SplitReport

/// `GET /s/{token}` and `HEAD /s/{token}`: a group's report page for anyone with its read-only
/// link, rendered by SplitReport from the group's current data (``SharedTripReport``).
///
/// Served outside the generated handlers (the page is HTML, and it needs HEAD); the contract
/// documents it. No token is asked for: the link's token is the key. An unknown and a revoked
/// token get the same 404, byte for byte. Other methods get the 404 of a route the server does
/// not have (Hummingbird's router answers them so, and no handler is added to say otherwise). The page's body is cached per group revision, as the expense
/// listing is: every write to the group bumps it, so a friend always sees the current trip.
struct SharePageRoute: Sendable {
    static let operationPath = "GET /s/{token}"
    static let pathPrefix = "/s/"

    /// What every answer of the route carries, the 404 and 429 included: the page may load
    /// nothing but its own inline styles and data images, runs no script, sends no referrer
    /// (which would carry the token), is never cached or indexed.
    static let pageHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-store",
        HTTPField.Name("X-Robots-Tag")!: "noindex",
    ]

    let services: ServerServices

    func register(on router: Router<ServerRequestContext>) {
        router.get("/s/:token") { _, context in
            await respond(token: context.parameters.get("token") ?? "", ip: context.clientIP, logger: context.logger)
        }
        router.head("/s/:token") { _, context in
            let page = await respond(token: context.parameters.get("token") ?? "", ip: context.clientIP, logger: context.logger)
            var headers = page.headers
            if let length = page.body.contentLength { headers[.contentLength] = String(length) }
            return Response(status: page.status, headers: headers)
        }
    }

    func respond(token: String, ip: String, logger: Logger) async -> Response {
        var response: Response
        do {
            try services.sharePageLimiter.admit(ip: ip)
            let group = try await services.shareLinks.group(token: token)
            response = Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                                body: .init(byteBuffer: try await page(of: group)))
        } catch {
            response = JSONErrorMiddleware<ServerRequestContext>.response(for: error, logger: logger)
        }
        for field in Self.pageHeaders { response.headers[field.name] = field.value }
        return response
    }

    /// The rendered page of `group` at its current revision, from the cache when it is there.
    private func page(of group: SharedGroup) async throws -> ByteBuffer {
        if let cached = services.sharePageCache.body(group: group.id, revision: group.revision) { return cached }
        async let membersLoad = services.members.list(group: group.id)
        async let expensesLoad = services.expenses.list(group: group.id)
        async let paymentsLoad = services.payments.list(group: group.id)
        async let exchangesLoad = services.exchanges.list(group: group.id)
        let (members, expenses, payments, exchanges) = try await (membersLoad, expensesLoad, paymentsLoad, exchangesLoad)
        let report = try SharedTripReport.make(group: group, members: members, expenses: expenses, payments: payments,
                                               exchanges: exchanges, now: services.dependencies.now())
        let body = ByteBuffer(string: report.rendered(.html))
        services.sharePageCache.store(body, group: group.id, revision: group.revision)
        return body
    }
}
