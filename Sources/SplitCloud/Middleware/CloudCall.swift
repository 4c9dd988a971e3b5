/// What the client knows about the call in progress that the HTTP request does not say, handed
/// to the middlewares as task-local values.
///
/// The generated client runs its middlewares inside the calling task, so a value bound around
/// one call reaches every middleware of that call and of no other.
enum CloudCall {
    /// Whether sending the request twice is harmless, so timeouts and 5xx may be retried; nil
    /// means by method (GET, PUT and DELETE are; POST and PATCH are not). The client sets it for
    /// a POST or PATCH carrying a key the server honours, and for setting a share's paid state.
    @TaskLocal static var repeatable: Bool?

    /// The attempt counters of the request being retried (set by ``RetryMiddleware``).
    @TaskLocal static var attempts: RequestAttempts?
}
