import Foundation
public import LineLoginPlatform

/// What a successful login returns.
public struct LoginResult: Sendable, Encodable {
    /// The access token (with the ID token when `openID` was granted).
    public let accessToken: AccessToken
    /// The granted permissions.
    public let permissions: Set<LoginPermission>
    /// The user's profile, when `profile` was granted.
    public let userProfile: UserProfile?
    /// Whether the friendship with the linked official account changed during login (only when a
    /// `botPromptStyle` was sent; `nil` otherwise).
    public let friendshipStatusChanged: Bool?
    /// The nonce that was sent (the app's or a generated one); your server checks the ID token against it.
    public let IDTokenNonce: String?

    enum CodingKeys: String, CodingKey {
        case accessToken, scope, userProfile, friendshipStatusChanged, IDTokenNonce
    }

    /// Encodes the result as LINE's SDK does (the access token in LINE's stored-token JSON, refresh token
    /// included: keep the result as secret as the token).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accessToken, forKey: .accessToken)
        try container.encode(permissions.map(\.rawValue).sorted().joined(separator: " "), forKey: .scope)
        try container.encodeIfPresent(userProfile, forKey: .userProfile)
        try container.encodeIfPresent(friendshipStatusChanged, forKey: .friendshipStatusChanged)
        try container.encodeIfPresent(IDTokenNonce, forKey: .IDTokenNonce)
    }
}
