import Foundation

// MARK: - JSON access

/// A read-only view of a JSONSerialization value with forgiving accessors for assertions.
public struct JSON: CustomStringConvertible {
    public let value: Any?

    public init(_ value: Any?) { self.value = value }

    public init(parsing text: String) {
        let data = Data(text.utf8)
        value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    public subscript(key: String) -> JSON { JSON(object?[key]) }

    public subscript(index: Int) -> JSON {
        guard let list = value as? [Any], list.indices.contains(index) else { return JSON(nil) }
        return JSON(list[index])
    }

    public var object: [String: Any]? { value as? [String: Any] }
    public var keys: Set<String> { Set(object.map { Array($0.keys) } ?? []) }
    public var array: [JSON] { (value as? [Any])?.map(JSON.init) ?? [] }
    public var count: Int { (value as? [Any])?.count ?? object?.count ?? 0 }
    public var exists: Bool { value != nil }
    public var isNull: Bool { value is NSNull }
    public var string: String? { value as? String }

    public var bool: Bool? {
        if let flag = value as? Bool { return flag }
        if let number = value as? NSNumber { return number.boolValue }
        return nil
    }

    public var double: Double? {
        switch value {
        case let number as Int: return Double(number)
        case let number as Double: return number
        case let number as Decimal: return NSDecimalNumber(decimal: number).doubleValue
        case let number as NSNumber: return number.doubleValue
        default: return nil
        }
    }

    public var int: Int? {
        switch value {
        case let number as Int: return number
        case let number as Int64: return Int(number)
        case let number as Double where number.rounded() == number: return Int(number)
        case let number as NSNumber: return number.intValue
        default: return nil
        }
    }

    public var description: String {
        guard let value, JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else {
            return String(describing: value)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
