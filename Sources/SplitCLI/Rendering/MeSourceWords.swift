import SplitStore

/// Where "you" in a trip comes from, in the words every command that says who you are uses
/// (`member me`, `status`), so the two never describe one state differently.
extension Me.Source {
    var words: String {
        switch self {
        case .device: return "on this device"
        case .account: return "your account"
        case .pending: return "your account's claim is sent at the next sync"
        case .name: return "me.name on this device"
        }
    }
}
