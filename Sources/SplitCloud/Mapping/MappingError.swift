/// A server answer whose values do not map to domain values (an inexact amount, an unknown
/// currency, an unreadable date); the client reports it as
/// ``CloudError/badResponse(server:detail:)``.
struct MappingError: Error, Equatable, Sendable {
    let detail: String

    init(_ detail: String) { self.detail = detail }
}
