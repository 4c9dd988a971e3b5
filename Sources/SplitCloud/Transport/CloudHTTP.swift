import AsyncHTTPClient

/// The process's one HTTP client.
///
/// A static, like AsyncHTTPClient's own `HTTPClient.shared`, so it never needs shutting down;
/// unlike that one it does not retry failed connections by itself (``RetryMiddleware`` decides
/// about retries, with a clock tests control) and never follows redirects (a redirect would
/// drop the token or repeat a POST).
enum CloudHTTP {
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(60)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
