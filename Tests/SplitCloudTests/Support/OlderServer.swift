import Hummingbird
@testable import SplitServer

/// split-server as an older version answers: its `/health` lacks the given extensions, so a
/// client treats it as one without them (the routes stay: a client must not use them anyway).
struct OlderServer: ServerFacade {
    let hiddenFeatures: Set<String>

    func install(on router: Router<ServerRequestContext>) {}
    var advertisesExtensions: Bool { true }
}
