extension MoneyError: UserFacingError {
    public var message: String { description }
    public var kind: FailureKind { .data }
}

extension SplitError: UserFacingError {
    public var message: String { description }
    public var kind: FailureKind { .data }
}

extension SettlementError: UserFacingError {
    public var message: String { description }
    public var kind: FailureKind { .data }
}
