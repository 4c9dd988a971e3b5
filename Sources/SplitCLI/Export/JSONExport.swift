import SplitCore

/// `split export --format json`: every trip with its members, rates, expenses (with splits and
/// paid marks) and payments. Lossless: amounts are exact decimals in major units, and members
/// are referred to by id so that renames cannot break the file.
enum JSONExport {
    static let formatName = "split-export"
    static let version = 1

    static func document(_ trips: [TripSnapshot]) -> JSONValue {
        .object([
            "format": .string(formatName),
            "version": .int(version),
            "trips": .array(trips.map(trip)),
        ])
    }

    static func trip(_ snapshot: TripSnapshot) -> JSONValue {
        let trip = snapshot.trip
        return .object([
            "id": .string(trip.id.rawValue),
            "name": .string(trip.name),
            "currency": .string(trip.currency.code),
            "rates": .array(snapshot.rates.map { .object(["currency": .string($0.code), "rate": .number($0.rate.text)]) }),
            "members": .array(snapshot.members.map { .object(["id": .string($0.id.rawValue), "name": .string($0.name)]) }),
            "expenses": .array(snapshot.expenses.map { expense in
                let currency = expense.amount.currency
                return .object([
                    "id": .string(expense.id.rawValue),
                    "description": .string(expense.description),
                    "amount": JSONRendering.amount(expense.amount.minorUnits, currency),
                    "currency": .string(currency.code),
                    "category": .string(expense.category.rawValue),
                    "paidBy": .string(expense.paidBy.rawValue),
                    "date": .string(expense.date.description),
                    "note": JSONRendering.string(expense.note),
                    "createdAt": JSONRendering.string(expense.createdAt?.iso8601),
                    "splits": .array(JSONRendering.byName(expense.splits, snapshot.directory).map { split in
                        .object([
                            "member": .string(split.memberID.rawValue),
                            "amount": JSONRendering.amount(split.amount, currency),
                            "isPaid": .bool(split.isPaid),
                        ])
                    }),
                ])
            }),
            "payments": .array(snapshot.payments.map { payment in
                .object([
                    "id": .string(payment.id.rawValue),
                    "from": .string(payment.from.rawValue),
                    "to": .string(payment.to.rawValue),
                    "amount": JSONRendering.amount(payment.amount.minorUnits, payment.amount.currency),
                    "currency": .string(payment.amount.currency.code),
                    "date": .string(payment.date.description),
                    "note": JSONRendering.string(payment.note),
                ])
            }),
        ])
    }
}
