import SplitJSON

/// `sync --all` with no linked trip, logged in: only the preferences were synced.
struct PreferencesSynced: CommandResult {
    let notices: [String]

    var json: JSONValue { .object(["trips": .array([]), "notices": .array(notices.map(JSONValue.string))]) }
    var lines: [String] { notices + ["No linked trip to sync; your preferences are up to date."] }
}
