extension ProviderQuirks {
    /// Every named quirk with its name, in bit order (for tables, logs and the CLI).
    public static let named: [(name: String, quirk: ProviderQuirks)] = [
        ("revokeWithTokenTypeField", .revokeWithTokenTypeField),
        ("scopeOmitsEmail", .scopeOmitsEmail),
        ("requestsJWKSignedIDToken", .requestsJWKSignedIDToken),
        ("idTokenOmitsNonce", .idTokenOmitsNonce),
        ("tokenTypeMayBeMissing", .tokenTypeMayBeMissing),
        ("pkceUnsupported", .pkceUnsupported),
        ("revokeBadRequestMeansRevoked", .revokeBadRequestMeansRevoked),
        ("publicClientAuthenticatesWithAccessToken", .publicClientAuthenticatesWithAccessToken),
    ]

    /// The names of the quirks in this set, in bit order.
    public var names: [String] {
        Self.named.filter { contains($0.quirk) }.map(\.name)
    }
}
