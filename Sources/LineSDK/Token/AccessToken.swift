public import Foundation
import OAuthEngine
public import LineLoginPlatform

/// The access token of the current session, as LINE's SDK exposes it. The refresh token stays inside
/// the SDK; descriptions never show token values.
public struct AccessToken: Sendable, Equatable, Codable {
    /// The access token value, for calling LINE's APIs or sending to your server.
    public let value: String
    /// When it was issued (received).
    public let createdAt: Date
    /// When it expires.
    public let expiresAt: Date
    /// The raw ID token, to send to your server for verification.
    public let IDTokenRaw: String?
    /// The parsed (and validated at login) ID token.
    public let IDToken: JWT?
    /// The granted permissions. `email` is included when the ID token carries an email, because LINE's
    /// token response never lists it.
    public let permissions: [LoginPermission]
    let tokens: TokenSet

    /// Seconds from ``createdAt`` to ``expiresAt``.
    public var expiresIn: TimeInterval { expiresAt.timeIntervalSince(createdAt) }

    /// LINE SDK's JSON keys, so a token LINE's SDK stored (its Keychain item) decodes here, and back.
    enum CodingKeys: String, CodingKey {
        case value = "access_token"
        case expiresIn = "expires_in"
        case IDTokenRaw = "id_token"
        case refreshToken = "refresh_token"
        case scope
        case tokenType = "token_type"
        case createdAt
    }

    /// Decodes LINE SDK's stored token JSON (`access_token`, `expires_in`, `id_token`, `refresh_token`,
    /// `scope`, `token_type`, `createdAt`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt) ?? Date()
        let expiresIn = try container.decode(TimeInterval.self, forKey: .expiresIn)
        guard expiresIn.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresIn, in: container, debugDescription: "expires_in is not a number of seconds")
        }
        let scope = try container.decodeIfPresent(String.self, forKey: .scope) ?? ""
        self.init(
            tokens: TokenSet(
                accessToken: try container.decode(String.self, forKey: .value),
                refreshToken: try container.decodeIfPresent(String.self, forKey: .refreshToken),
                idToken: try container.decodeIfPresent(String.self, forKey: .IDTokenRaw),
                tokenType: try container.decodeIfPresent(String.self, forKey: .tokenType) ?? "Bearer",
                scopes: scope.split(separator: " ").map(String.init),
                issuedAt: createdAt, expiresAt: createdAt.addingTimeInterval(expiresIn)))
    }

    /// Encodes LINE SDK's token JSON, refresh token included, as LINE's SDK stores it: keep the result
    /// as secret as the token itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(expiresIn, forKey: .expiresIn)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(IDTokenRaw, forKey: .IDTokenRaw)
        try container.encodeIfPresent(tokens.refreshToken, forKey: .refreshToken)
        try container.encode(tokens.scopes.joined(separator: " "), forKey: .scope)
        try container.encode(tokens.tokenType, forKey: .tokenType)
    }

    init(tokens: TokenSet) {
        self.tokens = tokens
        value = tokens.accessToken
        createdAt = tokens.issuedAt
        expiresAt = tokens.expiresAt
        IDTokenRaw = tokens.idToken
        IDToken = tokens.idToken.flatMap { try? JWT(text: $0) }
        var permissions = tokens.scopes.map(LoginPermission.init(rawValue:))
        if IDToken?.payload.email != nil && !permissions.contains(.email) { permissions.append(.email) }
        self.permissions = permissions
    }
}

extension AccessToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// What `dump` and debuggers show: never the token values.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["value": "<redacted>", "permissions": permissions.map(\.rawValue), "createdAt": createdAt, "expiresAt": expiresAt])
    }

    /// Redacted: permissions and expiry only.
    public var description: String {
        "AccessToken(value: <redacted>, permissions: \(permissions.map(\.rawValue)), expiresAt: \(expiresAt))"
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
}
