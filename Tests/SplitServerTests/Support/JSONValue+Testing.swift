import SplitCore
import SplitJSON

/// Chained reads for assertions: `reply.json["user"]["id"].stringValue`.
extension JSONValue {
    subscript(index: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }

    var count: Int { arrayValue?.count ?? objectValue?.count ?? 0 }
}

extension Optional where Wrapped == JSONValue {
    subscript(key: String) -> JSONValue? { self.flatMap { $0[key] } }
    subscript(index: Int) -> JSONValue? { self.flatMap { $0[index] } }
    var stringValue: String? { self?.stringValue }
    var numberText: String? { self?.numberText }
    var boolValue: Bool? { self?.boolValue }
    var arrayValue: [JSONValue]? { self?.arrayValue }
    var count: Int { self?.count ?? 0 }
    var keys: Set<String> { Set(self?.objectValue?.map(\.key) ?? []) }
}
