import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Counts every send in ``TransportStatistics``: retries, rate-limited attempts and sends a
/// fault hook stops all count, as each is a request a server may see.
struct StatisticsMiddleware: ClientMiddleware {
    let statistics: TransportStatistics

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?))
        async throws -> (HTTPResponse, HTTPBody?) {
        statistics.recordSend()
        return try await next(request, body, baseURL)
    }
}
