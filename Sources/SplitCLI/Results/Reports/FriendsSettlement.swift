import SplitCore
import SplitJSON
import SplitReport

/// `settle --all --mine`: your transfers with each friend across trips, netted per friend.
struct FriendsSettlement: CommandResult {
    let view: CrossTrips

    private var owing: [(Friend, FriendAmount)] {
        view.friends.flatMap { friend in friend.totals.map { (friend, $0) } }
    }

    var notes: [String] { view.skippedNotes }

    var json: JSONValue {
        let owing = owing
        let codes = Set(owing.map(\.1.currency.code)).sorted()
        return .object([
            "convertedTo": JSONRendering.string(view.target?.code),
            "skippedTrips": view.skippedJSON,
            "settlements": .array(codes.map { code in
                .object([
                    "currency": .string(code),
                    "transfers": .array(owing.filter { $0.1.currency.code == code }.map { friend, amount in
                        .object([
                            "friend": .string(friend.name), "matchedBy": .string(friend.identity.match.rawValue),
                            "direction": .string(amount.amount < 0 ? "youPay" : "paysYou"),
                            "amount": JSONRendering.amount(amount.amount == .min ? .max : abs(amount.amount), amount.currency),
                        ])
                    }),
                ])
            }),
        ])
    }

    var lines: [String] {
        let owing = owing
        return (view.convertedLine.map { [$0] } ?? []) + [owing.isEmpty ? "You are settled up." : owing.map { friend, amount in
            YourTransfers.sentence(amount.amount, with: friend.name, amount.currency)
        }.joined(separator: "\n")]
    }
}
