public import Foundation

/// The validated claims of an ID token, typed where OIDC defines them, with every claim kept in ``raw``.
/// The typed fields are read from ``raw`` on access, so validation itself builds nothing it may not need.
public struct IDTokenClaims: Sendable, Equatable {
    /// Every claim as sent.
    public let raw: [String: JSONValue]

    /// Wraps a claim set (the validator checked the required claims' presence and types).
    public init(raw: [String: JSONValue]) {
        self.raw = raw
    }

    /// `iss`.
    public var issuer: String { raw["iss"]?.stringValue ?? "" }
    /// `sub`: the user ID (LINE: `U` + 32 hex, per provider).
    public var subject: String { raw["sub"]?.stringValue ?? "" }
    /// `aud`, always as a list.
    public var audience: [String] {
        switch raw["aud"] {
        case .string(let single): return [single]
        case .array(let many): return many.compactMap(\.stringValue)
        default: return []
        }
    }
    /// `exp`.
    public var expiration: Date { Date(timeIntervalSince1970: raw["exp"]?.doubleValue ?? 0) }
    /// `iat`.
    public var issuedAt: Date { Date(timeIntervalSince1970: raw["iat"]?.doubleValue ?? 0) }
    /// `auth_time`, when present.
    public var authTime: Date? { raw["auth_time"]?.doubleValue.map(Date.init(timeIntervalSince1970:)) }
    /// `nonce`, when present.
    public var nonce: String? { raw["nonce"]?.stringValue }
    /// `amr`, when present.
    public var amr: [String]? { raw["amr"]?.arrayValue?.compactMap(\.stringValue) }
    /// `name`.
    public var name: String? { raw["name"]?.stringValue }
    /// `picture`.
    public var picture: URL? { raw["picture"]?.stringValue.flatMap(URL.init(string:)) }
    /// `email`.
    public var email: String? { raw["email"]?.stringValue }
}
