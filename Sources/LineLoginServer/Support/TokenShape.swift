#if Server
/// Cheap checks on a presented token before any network call or crypto: LINE tokens are printable
/// ASCII of bounded length.
enum TokenShape {
    /// Longer than any LINE access or ID token.
    static let maximumLength = 8192

    /// Throws ``VerificationError/missingToken`` or ``VerificationError/malformedToken``.
    static func check(_ token: String) throws(VerificationError) {
        if token.isEmpty { throw .missingToken }
        guard fits(token), token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .malformedToken }
    }

    /// Whether `token` is short enough to be a LINE token: what a cache lookup asks before hashing a
    /// presented token (one that doesn't fit was never verified, so never remembered).
    static func fits(_ token: String) -> Bool {
        token.utf8.count <= maximumLength
    }
}
#endif
