/// A server answer that does not have the shape the API promises; the client reports it as
/// ``CloudError/badResponse(server:detail:)``.
struct WireError: Error, Equatable, Sendable {
    let detail: String

    init(_ detail: String) { self.detail = detail }
}
