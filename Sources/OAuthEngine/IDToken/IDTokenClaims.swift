import Foundation

/// The validated claims of an ID token, typed where OIDC defines them, with every claim kept in ``raw``.
public struct IDTokenClaims: Sendable, Equatable {
    /// `iss`.
    public var issuer: String
    /// `sub`: the user ID (LINE: `U` + 32 hex, per provider).
    public var subject: String
    /// `aud`, always as a list.
    public var audience: [String]
    /// `exp`.
    public var expiration: Date
    /// `iat`.
    public var issuedAt: Date
    /// `auth_time`, when present.
    public var authTime: Date?
    /// `nonce`, when present.
    public var nonce: String?
    /// `amr`, when present.
    public var amr: [String]?
    /// `name`.
    public var name: String?
    /// `picture`.
    public var picture: URL?
    /// `email`.
    public var email: String?
    /// Every claim as sent.
    public var raw: [String: JSONValue]

    /// Reads the typed fields from a claim set. Types that don't match are treated as absent, except the
    /// required ones, which the validator checks before calling this.
    public init(raw: [String: JSONValue]) {
        self.raw = raw
        issuer = raw["iss"]?.stringValue ?? ""
        subject = raw["sub"]?.stringValue ?? ""
        switch raw["aud"] {
        case .string(let single): audience = [single]
        case .array(let many): audience = many.compactMap(\.stringValue)
        default: audience = []
        }
        expiration = Date(timeIntervalSince1970: raw["exp"]?.doubleValue ?? 0)
        issuedAt = Date(timeIntervalSince1970: raw["iat"]?.doubleValue ?? 0)
        authTime = raw["auth_time"]?.doubleValue.map(Date.init(timeIntervalSince1970:))
        nonce = raw["nonce"]?.stringValue
        amr = raw["amr"]?.arrayValue?.compactMap(\.stringValue)
        name = raw["name"]?.stringValue
        picture = raw["picture"]?.stringValue.flatMap(URL.init(string:))
        email = raw["email"]?.stringValue
    }
}
