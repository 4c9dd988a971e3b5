import SplitCloud
import SplitStore

extension TripOwnPart {
    /// The parts a server with `capabilities` keeps: each is one of split-server's extensions.
    static func kept(by capabilities: ServerCapabilities) -> Set<TripOwnPart> {
        Set(allCases.filter { part in
            switch part {
            case .departures: capabilities.has(.departures)
            case .recurring: capabilities.has(.recurring)
            case .categories: capabilities.has(.categories)
            }
        })
    }
}
