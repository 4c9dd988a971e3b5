import SplitCore

/// What an import added, and what it found already there, per trip.
public struct ImportSummary: Sendable, Equatable {
    public struct Trip: Sendable, Equatable {
        public let tripID: TripID
        public let name: String
        public let created: Bool
        public var membersAdded = 0
        public var expensesAdded = 0
        public var expensesSkipped = 0
        public var paymentsAdded = 0
        public var paymentsSkipped = 0
        /// Currency exchanges (split's own export only).
        public var exchangesAdded = 0
        /// Imported expense totals per currency code, in minor units.
        public var totals: [String: Int64] = [:]
    }

    public var trips: [Trip] = []

    /// True when the file held nothing that was not imported before.
    public var addedNothing: Bool {
        trips.allSatisfy { !$0.created && $0.membersAdded == 0 && $0.expensesAdded == 0 && $0.paymentsAdded == 0
            && $0.exchangesAdded == 0 }
    }
}
