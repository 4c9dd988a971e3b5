import Foundation
import SplitCore

/// Turns the bytes of member id cells into `MemberID`s, making each id's `String` once: a
/// trip has a few members, and a listing meets their ids millions of times.
struct MemberIDInterner {
    private var known: [UInt64: [(bytes: [UInt8], id: MemberID)]] = [:]

    mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> MemberID {
        var key = UInt64(truncatingIfNeeded: bytes.count)
        for (offset, byte) in bytes.prefix(8).enumerated() { key ^= UInt64(byte) << (8 * UInt64(offset)) }
        if let candidates = known[key] {
            for candidate in candidates where Self.same(candidate.bytes, bytes) { return candidate.id }
        }
        let id = MemberID(String(decoding: bytes, as: UTF8.self))
        known[key, default: []].append((Array(bytes), id))
        return id
    }

    /// Byte equality by `memcmp`: the generic `elementsEqual` walks element by element.
    static func same(_ lhs: [UInt8], _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let right = rhs.baseAddress else { return true }
        return lhs.withUnsafeBufferPointer { memcmp($0.baseAddress!, right, rhs.count) == 0 }
    }
}
