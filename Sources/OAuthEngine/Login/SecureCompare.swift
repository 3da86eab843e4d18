/// Constant-time equality for secrets such as `state` (the time taken does not depend on where the
/// first difference is).
package enum SecureCompare {
    /// Whether the two strings are equal, in time that depends on their lengths only.
    package static func equals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<a.count { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
