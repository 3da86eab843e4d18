import Foundation

/// Secret comparisons whose time doesn't depend on where the inputs first differ.
enum ConstantTime {
    /// Whether `lhs` and `rhs` have the same UTF-8 bytes.
    static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
