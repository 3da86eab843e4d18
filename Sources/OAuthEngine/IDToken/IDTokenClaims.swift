public import Foundation

/// The validated claims of an ID token, typed where OIDC defines them, with every claim in ``raw``.
/// A token the validator parsed keeps its payload's bytes, and each field decodes its one claim when read,
/// so validation builds nothing it may not need.
public struct IDTokenClaims: Sendable, Equatable {
    private enum Storage: Sendable {
        case claimSet(ClaimSet)
        case dictionary([String: JSONValue])
    }

    private let storage: Storage

    /// Every claim as sent. From a parsed token, the payload is decoded each time this is read; ``claim(_:)``
    /// reads one claim without decoding the others.
    public var raw: [String: JSONValue] {
        switch storage {
        case .claimSet(let claims): claims.dictionary
        case .dictionary(let claims): claims
        }
    }

    /// Wraps a claim set (the validator checked the required claims' presence and types).
    public init(raw: [String: JSONValue]) {
        storage = .dictionary(raw)
    }

    /// Wraps the claim set of a parsed token, decoding nothing (the validator checked the required claims'
    /// presence and types).
    public init(claimSet: ClaimSet) {
        storage = .claimSet(claimSet)
    }

    /// The claim called `name`, when present.
    public func claim(_ name: String) -> JSONValue? {
        switch storage {
        case .claimSet(let claims): claims[name]
        case .dictionary(let claims): claims[name]
        }
    }

    /// Equal when they hold the same claims, however each was made.
    public static func == (lhs: IDTokenClaims, rhs: IDTokenClaims) -> Bool {
        lhs.raw == rhs.raw
    }

    /// `iss`.
    public var issuer: String { claim("iss")?.stringValue ?? "" }
    /// `sub`: the user ID (LINE: `U` + 32 hex, per provider).
    public var subject: String { claim("sub")?.stringValue ?? "" }
    /// `aud`, always as a list.
    public var audience: [String] {
        switch claim("aud") {
        case .string(let single): return [single]
        case .array(let many): return many.compactMap(\.stringValue)
        default: return []
        }
    }
    /// `exp`.
    public var expiration: Date { Date(timeIntervalSince1970: claim("exp")?.doubleValue ?? 0) }
    /// `iat`.
    public var issuedAt: Date { Date(timeIntervalSince1970: claim("iat")?.doubleValue ?? 0) }
    /// `auth_time`, when present.
    public var authTime: Date? { claim("auth_time")?.doubleValue.map(Date.init(timeIntervalSince1970:)) }
    /// `nonce`, when present.
    public var nonce: String? { claim("nonce")?.stringValue }
    /// `amr`, when present.
    public var amr: [String]? { claim("amr")?.arrayValue?.compactMap(\.stringValue) }
    /// `name`.
    public var name: String? { claim("name")?.stringValue }
    /// `picture`.
    public var picture: URL? { claim("picture")?.stringValue.flatMap(URL.init(string:)) }
    /// `email`.
    public var email: String? { claim("email")?.stringValue }
}
