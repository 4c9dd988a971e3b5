import SplitCore
import SplitJSON

extension TripReport {
    /// The report's numbers as one JSON document: what `split report --json` prints and what
    /// the page carries in its data island. The made-at time is left out, so the same trip
    /// always gives the same document.
    public var json: JSONValue {
        let names = self.names
        var document = [
            JSONMember("trip", .object(["id": .string(trip.id.rawValue), "name": .string(trip.name)])),
            JSONMember("currency", .string(trip.currency.code)),
            JSONMember("me", .string(orNull: me?.rawValue)),
            JSONMember("members", .array(members.map { .object(["id": .string($0.id.rawValue), "name": .string($0.name)]) })),
            JSONMember("convertedTo", .string(orNull: conversion?.target.code)),
        ]
        if !span.isAlways {
            document.append(JSONMember("since", .string(orNull: span.since?.description)))
            document.append(JSONMember("until", .string(orNull: span.until?.description)))
        }
        if let conversion { document.append(JSONMember("rates", ReportJSON.rates(conversion))) }
        document += [
            JSONMember("settlements", .array(settlements.map { settlement in
                .object([
                    "currency": .string(settlement.currency.code),
                    "balances": .array(settlement.balances.map { ReportJSON.balance($0, settlement.currency, names) }),
                    "transfers": .array(settlement.transfers.map { ReportJSON.transfer($0, settlement.currency, names) }),
                ])
            })),
            JSONMember("spending", .array(spending.map { spent in
                .object([
                    "currency": .string(spent.currency.code),
                    "total": ReportJSON.amount(spent.total, spent.currency),
                    "expenses": .int(spent.count),
                    "byCategory": .array(spent.categories.map {
                        .object(["category": .string($0.category.rawValue), "total": ReportJSON.amount($0.total, spent.currency),
                                 "expenses": .int($0.count)])
                    }),
                    "byDay": .array(spent.days.map {
                        .object(["date": .string($0.date.description), "total": ReportJSON.amount($0.total, spent.currency),
                                 "expenses": .int($0.count)])
                    }),
                ])
            })),
            JSONMember("expenses", .object([
                "count": .int(expenseCount),
                "shown": .int(expenses.count),
                "list": .array(expenses.map { expense in
                    var fields = [
                        JSONMember("id", .string(expense.id.rawValue)),
                        JSONMember("date", .string(expense.date.description)),
                        JSONMember("description", .string(expense.description)),
                        JSONMember("category", .string(expense.category.rawValue)),
                        JSONMember("amount", ReportJSON.amount(expense.amount.minorUnits, expense.amount.currency)),
                        JSONMember("currency", .string(expense.amount.currency.code)),
                        JSONMember("paidBy", .array(expense.payers.map {
                            .object(["memberId": .string($0.memberID.rawValue), "memberName": .string(names.name(of: $0.memberID)),
                                     "amount": ReportJSON.amount($0.amount, expense.amount.currency)])
                        })),
                    ]
                    let sharing = SharedByWords.sharing(expense, names)
                    fields.append(JSONMember("sharedBy", .array(sharing.members.map { member in
                        .object(["memberId": .string(member.rawValue), "memberName": .string(names.name(of: member)),
                                 "amount": ReportJSON.amount(expense.splits.first { $0.memberID == member }?.amount ?? 0,
                                                             expense.amount.currency)])
                    })))
                    fields.append(JSONMember("splitMode", .string(sharing.mode.rawValue)))
                    if let bill = BillSummary.json(expense) { fields.append(JSONMember("bill", bill)) }
                    return JSONValue.object(fields)
                }),
            ])),
            JSONMember("payments", .object([
                "count": .int(paymentCount),
                "shown": .int(payments.count),
                "list": .array(payments.map { payment in
                    .object([
                        JSONMember("id", .string(payment.id.rawValue)),
                        JSONMember("date", .string(payment.date.description)),
                        JSONMember("fromId", .string(payment.from.rawValue)),
                        JSONMember("fromName", .string(names.name(of: payment.from))),
                        JSONMember("toId", .string(payment.to.rawValue)),
                        JSONMember("toName", .string(names.name(of: payment.to))),
                        JSONMember("amount", ReportJSON.amount(payment.amount.minorUnits, payment.amount.currency)),
                        JSONMember("currency", .string(payment.amount.currency.code)),
                        JSONMember("note", .string(orNull: payment.note)),
                    ])
                }),
            ])),
            JSONMember("held", .array(held.map {
                .object(["kind": .string($0.kind), "id": .string($0.id), "description": .string(orNull: $0.description),
                         "reason": .string($0.reason)])
            })),
        ]
        return .object(document)
    }

    /// ``json`` on one line: the bytes `split report --json` prints to a pipe or a file.
    public var jsonText: String { json.serialized() }

    /// `text` (a JSON document) made safe inside `<script type="application/json">`: every
    /// `<`, `>` and `&` becomes its `\u` escape, so no string in it can close the element
    /// (`</script>`) or open a comment, and a JSON parser reads back the same strings. These
    /// three characters only ever occur inside JSON strings, so the replacement is exact.
    public static func dataIsland(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": out.append(contentsOf: "\\u003c".unicodeScalars)
            case ">": out.append(contentsOf: "\\u003e".unicodeScalars)
            case "&": out.append(contentsOf: "\\u0026".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
