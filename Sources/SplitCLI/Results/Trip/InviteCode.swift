import SplitCore
import SplitJSON

/// `trip invite`: the code another account joins the trip with.
struct InviteCode: CommandResult {
    let trip: TripID
    let code: String

    var json: JSONValue { .object(["trip": .string(trip.rawValue), "inviteCode": .string(code)]) }
    var lines: [String] { [code] }
}
