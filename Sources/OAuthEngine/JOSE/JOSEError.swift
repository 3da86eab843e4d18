/// Why a JWS, JWK or JWK set was refused. Associated strings are fixed descriptions or algorithm
/// names, never token or key material.
public enum JOSEError: Error, Sendable, Equatable {
    /// The input is not well formed (bad base64url, JSON, structure or member type).
    case malformed(String)
    /// The compact JWS is longer than the limit (bytes; ``CompactJWS/maximumLength``) and was not decoded.
    case tooLarge(limit: Int)
    /// The algorithm is not one this library implements (`none`, `PS256`, `HS512`, ...).
    case unsupportedAlgorithm(String)
    /// The algorithm is implemented but not allowed by the configuration.
    case algorithmNotAllowed(String)
    /// The header carries `crit`; no extension is understood, so the token is refused.
    case criticalHeader
    /// The key's type, curve, `alg`, `use` or `key_ops` does not fit the algorithm.
    case keyMismatch
    /// The key cannot be imported or must not be used (too small, not on the curve, weak, ...).
    case invalidKey(String)
    /// No key in the set carries the token's `kid`.
    case unknownKeyID
    /// The signature does not verify.
    case invalidSignature
}

extension JOSEError: CustomStringConvertible {
    /// A short message, safe to log.
    public var description: String {
        switch self {
        case .malformed(let reason): "malformed JOSE input: \(reason)"
        case .tooLarge(let limit): "compact JWS longer than \(limit) bytes"
        case .unsupportedAlgorithm(let name): "unsupported algorithm \(name)"
        case .algorithmNotAllowed(let name): "algorithm \(name) is not allowed here"
        case .criticalHeader: "critical header extensions are not supported"
        case .keyMismatch: "the key does not fit the algorithm"
        case .invalidKey(let reason): "invalid key: \(reason)"
        case .unknownKeyID: "no key with the token's key ID"
        case .invalidSignature: "invalid signature"
        }
    }
}
