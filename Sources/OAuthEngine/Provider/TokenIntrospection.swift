public import Foundation

/// An RFC 7662 introspection answer, typed; every member is also kept in ``raw``.
public struct TokenIntrospection: Sendable, Equatable {
    /// `active`: whether the token is currently usable. An inactive answer carries nothing else that counts.
    public var isActive: Bool
    /// `scope`, split on spaces.
    public var scopes: [String]?
    /// `client_id`.
    public var clientID: String?
    /// `username`.
    public var username: String?
    /// `token_type`.
    public var tokenType: String?
    /// `exp`.
    public var expiresAt: Date?
    /// `iat`.
    public var issuedAt: Date?
    /// `sub`.
    public var subject: String?
    /// `iss`.
    public var issuer: String?
    /// Every member as sent.
    public var raw: [String: JSONValue]

    /// Reads an introspection response; `nil` when `active` is missing or not a boolean (RFC 7662 §2.2
    /// makes it required).
    public init?(json: [String: JSONValue]) {
        guard let active = json["active"]?.boolValue else { return nil }
        raw = json
        isActive = active
        scopes = json["scope"]?.stringValue.map { $0.split(separator: " ").map(String.init) }
        clientID = json["client_id"]?.stringValue
        username = json["username"]?.stringValue
        tokenType = json["token_type"]?.stringValue
        expiresAt = json["exp"]?.doubleValue.map(Date.init(timeIntervalSince1970:))
        issuedAt = json["iat"]?.doubleValue.map(Date.init(timeIntervalSince1970:))
        subject = json["sub"]?.stringValue
        issuer = json["iss"]?.stringValue
    }
}
