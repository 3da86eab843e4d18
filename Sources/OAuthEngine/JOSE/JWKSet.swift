public import Foundation

/// A JWK set (RFC 7517 §5), such as a provider's `jwks_uri` document.
///
/// A `kid` that several entries of the same `kty` share is ambiguous (Wycheproof: DuplicateKid)
/// and matches no key, counting entries that failed to import: trying whichever key happens to
/// import would let a malformed twin decide. Entries of different `kty` may share a `kid`
/// (RFC 7517 §4.5).
public struct JWKSet: Sendable {
    /// The keys that imported. Keys of unknown types or that fail to import are left out: a set may
    /// hold keys this library does not use.
    public let keys: [JWK]
    private let ambiguousKeyIDs: Set<String>

    /// The largest key-set document parsed (256 KiB; real ones are a few KiB), checked before parsing.
    public static let maximumSize = 256 * 1024
    /// The most entries a key set may have (providers publish a handful while rotating).
    public static let maximumKeys = 64

    /// Parses `{"keys": [...]}`. A document that is not a JSON object with a `keys` array, or that is
    /// over ``maximumSize`` bytes or ``maximumKeys`` entries, throws ``JOSEError/malformed(_:)``; a set that mixes secret keys (`oct`, or EC/RSA keys with
    /// private members) with public ones throws ``JOSEError/invalidKey(_:)``.
    public init(data: Data) throws(JOSEError) {
        guard data.count <= Self.maximumSize else { throw .malformed("JWK set larger than \(Self.maximumSize) bytes") }
        let document = try JSONValue.parseObject(data)
        guard case .array(let elements)? = document["keys"] else { throw .malformed("JWK set has no keys array") }
        guard elements.count <= Self.maximumKeys else { throw .malformed("JWK set has more than \(Self.maximumKeys) keys") }
        var keys: [JWK] = []
        keys.reserveCapacity(elements.count)
        var entries: [(keyID: String?, keyType: String?)] = []
        for case .object(let object) in elements {
            entries.append((object["kid"]?.stringValue, object["kty"]?.stringValue))
            if let key = try? JWK(object: object) { keys.append(key) }
        }
        try self.init(keys: keys, entries: entries)
    }

    /// A set of already imported keys. Mixing secret and public keys throws
    /// ``JOSEError/invalidKey(_:)``.
    public init(keys: [JWK]) throws(JOSEError) {
        try self.init(keys: keys, entries: keys.map { ($0.keyID, $0.keyType) })
    }

    private init(keys: [JWK], entries: [(keyID: String?, keyType: String?)]) throws(JOSEError) {
        // A published set with a secret in it has leaked that secret, and one that mixes secrets
        // with public keys invites algorithm confusion (Wycheproof: MixedKeySet).
        let secrets = keys.filter(\.holdsSecret).count
        guard secrets == 0 || secrets == keys.count else { throw .invalidKey("key set mixes secret and public keys") }
        var keyTypesByID: [String: Set<String>] = [:]
        var ambiguous: Set<String> = []
        for entry in entries {
            guard let keyID = entry.keyID else { continue }
            if !keyTypesByID[keyID, default: []].insert(entry.keyType ?? "").inserted { ambiguous.insert(keyID) }
        }
        self.keys = keys
        self.ambiguousKeyIDs = ambiguous
    }

    /// The keys with `kid` equal to `kid`, or every key for `nil` (a token without `kid`). A key
    /// without `kid` never matches a `kid`, and an ambiguous `kid` (see above) matches nothing.
    public func keys(withID kid: String?) -> [JWK] {
        guard let kid else { return keys }
        guard !ambiguousKeyIDs.contains(kid) else { return [] }
        return keys.filter { $0.keyID == kid }
    }

    /// Whether some key answers to `kid` (any key, for a token without `kid`): when not, a cache
    /// refetches before giving up on the token.
    public func names(_ kid: String?) -> Bool {
        // Asked on every validation (a cache hit): answered without building the list of keys.
        guard let kid else { return !keys.isEmpty }
        return !ambiguousKeyIDs.contains(kid) && keys.contains { $0.keyID == kid }
    }

    /// Whether several entries of one key type share `kid`, so it names no key.
    public func isAmbiguous(keyID kid: String) -> Bool {
        ambiguousKeyIDs.contains(kid)
    }

    /// The one key to verify `jws` with under `algorithm`: among the keys with the header's `kid`
    /// (every key when it has none), the one that ``JWK/fits(_:)`` the algorithm.
    ///
    /// Throws ``JOSEError/invalidKey(_:)`` when the `kid` is ambiguous or several keys fit (a token
    /// without `kid` in a set with several usable keys, OIDC Core §10.1), ``JOSEError/unknownKeyID``
    /// when no key carries the `kid`, and ``JOSEError/keyMismatch`` when some do but none fits.
    public func key(for jws: CompactJWS, algorithm: JWSAlgorithm) throws(JOSEError) -> JWK {
        let kid = jws.header.keyID
        if let kid, ambiguousKeyIDs.contains(kid) { throw .invalidKey("several keys share the key ID") }
        // One pass, no lists built (this runs on every validation): the keys named, the first that fits,
        // and whether a second one fits too.
        var namedAny = false
        var fitting: JWK?
        for key in keys where kid == nil || key.keyID == kid {
            namedAny = true
            guard key.fits(algorithm) else { continue }
            guard fitting == nil else { throw .invalidKey("several keys fit the token") }
            fitting = key
        }
        guard namedAny else { throw .unknownKeyID }
        guard let fitting else { throw .keyMismatch }
        return fitting
    }
}
