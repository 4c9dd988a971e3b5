import SplitAPI

extension ServerCapabilities {
    /// Reads a `/health` answer: split-server lists its extensions under `features`, the Node
    /// server has no such key. Unknown feature names (from a newer server) are ignored.
    init(health: Components.Schemas.Health) {
        guard let list = health.features else {
            self = .node
            return
        }
        self.init(features: Set(list.compactMap(Feature.init(rawValue:))), isSplitServer: true)
    }
}
