/// Constant-time equality for secrets such as `state` (the time taken does not depend on where the
/// first difference is).
package enum SecureCompare {
    /// Whether the two strings are equal, in time that depends on their lengths only.
    package static func equals(_ lhs: String, _ rhs: String) -> Bool {
        // Over the two contiguous UTF-8 buffers: copying them into arrays first cost two allocations on
        // every ID-token validation (the nonce).
        var (lhs, rhs) = (lhs, rhs)
        return lhs.withUTF8 { a in
            rhs.withUTF8 { b in
                guard a.count == b.count else { return false }
                var difference: UInt8 = 0
                for index in 0..<a.count { difference |= a[index] ^ b[index] }
                return difference == 0
            }
        }
    }
}
