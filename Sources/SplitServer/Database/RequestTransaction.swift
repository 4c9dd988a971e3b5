import PostgresNIO

/// The one transaction an idempotent request runs in, shared through a task-local so that
/// handlers and repositories need not pass it along.
///
/// ``IdempotencyMiddleware`` opens it with ``ServerDatabase/requestTransaction(_:)``: the
/// claim of the `Idempotency-Key`, every write of the handler, and the stored response then
/// commit together or not at all. A crash at any point leaves either the write with its
/// stored response or neither, and never a claimed key without a response.
///
/// Task-locals reach child tasks (`async let`, task groups) but not detached or unstructured
/// tasks; nothing in a request's handling starts those. Statements from concurrent child
/// tasks queue on the one connection.
enum RequestTransaction {
    /// The connection of the current request's transaction; nil outside one.
    @TaskLocal static var connection: PostgresConnection?

    /// What ends a request transaction: both carry the request's result.
    enum Outcome<Value> {
        case commit(Value)
        case rollback(Value)
    }
}
