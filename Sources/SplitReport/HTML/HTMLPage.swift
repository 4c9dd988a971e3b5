import Mustache
/// The page's data for the templates (``HTMLTemplates``), in the order it is shown: plain
/// strings, numbers, flags and lists, read by Mustache through reflection. Built from a
/// ``TripReport`` by ``HTMLReport`` and rendered in one pass.
struct HTMLPage {
    struct Total {
        let currency: String
        let total: String
        let count: String
    }

    struct Settlement {
        let currency: String
        let conversion: String?
        /// Nil when every net is zero: a chart of empty bars says nothing the plan doesn't.
        let chart: ChartView?
        let planHeading: String
        let hasTransfers: Bool
        let transfers: [Transfer]
        let people: [Person]
    }

    struct Transfer {
        let text: String
        /// One of yours: drawn in bold.
        let yours: Bool
    }

    /// A row of the people table: name, then paid, share, sent, received and net.
    struct Person {
        let name: String
        let long: Bool
        let paid: String
        let share: String
        let sent: String
        let received: String
        let net: String
    }

    struct Spending {
        let currency: String
        let unit: String
        let categories: ChartView
        let timeline: ChartView
    }

    /// One payment: its date, who paid whom, the amount and the note.
    struct PaymentRow: MustacheParent {
        let date: String
        let from: String
        let to: String
        let amount: String
        let note: String?
        /// Which cells hold a word too long for their column (``LongWords``).
        let longFrom: Bool
        let longTo: Bool
        let longNote: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "date": return date
            case "from": return from
            case "to": return to
            case "amount": return amount
            case "note": return note
            case "longFrom": return longFrom
            case "longTo": return longTo
            case "longNote": return longNote
            default: return nil
            }
        }
    }

    /// One row of the expense list, up to 500 a page: named by ``child(named:)`` rather than
    /// reflection, which Mustache would otherwise do for every field of every row.
    struct ExpenseRow: MustacheParent {
        let date: String
        let description: String
        let category: String
        let paidBy: String
        let sharedBy: String
        let amount: String
        /// An itemized bill's items and extras (``BillSummary``), shown under its description.
        let items: String?
        /// Which cells hold a word too long for their column (``LongWords``).
        let longDescription: Bool
        let longPaidBy: Bool
        let longSharedBy: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "date": return date
            case "description": return description
            case "category": return category
            case "paidBy": return paidBy
            case "sharedBy": return sharedBy
            case "amount": return amount
            case "items": return items
            case "longDescription": return longDescription
            case "longPaidBy": return longPaidBy
            case "longSharedBy": return longSharedBy
            default: return nil
            }
        }
    }

    let title: String
    let summary: String
    let madeAt: String
    let notices: [String]
    let hasTotals: Bool
    let totals: [Total]
    let settlements: [Settlement]
    let hasPayments: Bool
    let paymentsHeading: String
    let payments: [PaymentRow]
    let spending: [Spending]
    let hasExpenses: Bool
    let capNote: String?
    let expenses: [ExpenseRow]
    let hasHeld: Bool
    let heldHeading: String
    let held: [String]
    /// The JSON document, already made safe for the data island (``TripReport/dataIsland(_:)``):
    /// the one value the template writes without escaping.
    let data: String
}
