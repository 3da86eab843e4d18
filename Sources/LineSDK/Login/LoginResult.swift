import Foundation

/// What a successful login returns.
public struct LoginResult: Sendable {
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
}
