/// Cheap checks on a presented token before any network call or crypto: LINE tokens are printable
/// ASCII of bounded length.
enum TokenShape {
    /// Longer than any LINE access or ID token.
    static let maximumLength = 8192

    /// Throws ``VerificationError/missingToken`` or ``VerificationError/malformedToken``.
    static func check(_ token: String) throws(VerificationError) {
        if token.isEmpty { throw .missingToken }
        guard token.utf8.count <= maximumLength,
            token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { throw .malformedToken }
    }
}
