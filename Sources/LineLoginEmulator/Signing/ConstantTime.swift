#if Emulator
import Foundation

/// Comparison whose time does not depend on where two secrets first differ.
enum ConstantTime {
    /// Whether `lhs` and `rhs` have the same UTF-8 bytes; only the length can show in the timing, and the
    /// secrets compared here (passwords, the dashboard's token) gain nothing from hiding it.
    static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
#endif
