import Hummingbird

/// A layer put around the real server to change what clients see, for client tests: the Node
/// server imitation of the `SplitServerQuirks` test-support target is the one there is.
///
/// The production server has none (``ServerConfiguration/facade`` is nil) and `split-server`
/// offers no way to set one; tests build the application with one in process.
public protocol ServerFacade: Sendable {
    /// Adds the layer's middleware to `router`, outermost, before the server's own.
    func install(on router: Router<ServerRequestContext>)
    /// Whether `/health` lists split-server's extensions (`features`); an imitation of the
    /// Node server hides them, as the Node server has none.
    var advertisesExtensions: Bool { get }
    /// Extensions `/health` leaves out, so a client test meets an older split-server.
    var hiddenFeatures: Set<String> { get }
}

extension ServerFacade {
    public var hiddenFeatures: Set<String> { [] }
}
