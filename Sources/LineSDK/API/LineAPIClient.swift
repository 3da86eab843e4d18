import Foundation
import OAuthEngine

/// LINE's APIs for one channel's session: the stored token is attached, refreshed before expiry and
/// after a 401 (one refresh shared by concurrent callers).
public struct LineAPIClient: Sendable {
    let client: OAuthClient
    let platform: LinePlatformClient

    /// The user's profile (`profile` permission).
    public func getProfile() async throws(LineSDKError) -> UserProfile {
        try await authorizedGet(platform.platform.profileURL, as: UserProfile.self, name: "profile")
    }

    /// Whether the user is a friend of the channel's linked official account (`profile` permission).
    public func getBotFriendshipStatus() async throws(LineSDKError) -> GetBotFriendshipStatusRequestResponse {
        try await authorizedGet(platform.platform.friendshipURL, as: GetBotFriendshipStatusRequestResponse.self, name: "friendship")
    }

    /// Refreshes the access token now (the refresh token is used; the ID token is kept).
    public func refreshAccessToken() async throws(LineSDKError) -> AccessToken {
        do { return AccessToken(tokens: try await client.refresh()) } catch { throw LineSDKError(error, endpoint: "token") }
    }

    /// Revokes `token` (default: the current access token). Revoking the current token logs the user out
    /// locally too. A 400 (already invalid) counts as done.
    public func revokeAccessToken(_ token: String? = nil) async throws(LineSDKError) {
        let current = await client.currentTokens()
        guard let value = token ?? current?.accessToken else { throw .requestFailed(reason: .lackOfAccessToken) }
        do { try await client.tokenClient.revoke(value, kind: .accessToken) } catch { throw LineSDKError(error, endpoint: "revoke") }
        if value == current?.accessToken { await client.session.clear() }
    }

    /// Revokes `refreshToken` (default: the current one), which ends the session; the local token is forgotten.
    public func revokeRefreshToken(_ refreshToken: String? = nil) async throws(LineSDKError) {
        let current = await client.currentTokens()
        guard let value = refreshToken ?? current?.refreshToken else { throw .requestFailed(reason: .lackOfAccessToken) }
        do { try await client.tokenClient.revoke(value, kind: .refreshToken) } catch { throw LineSDKError(error, endpoint: "revoke") }
        if value == current?.refreshToken { await client.session.clear() }
    }

    /// Verifies `token` (default: the current access token) with LINE: channel, permissions, remaining life.
    public func verifyAccessToken(_ token: String? = nil) async throws(LineSDKError) -> AccessTokenVerifyResult {
        let current = await client.currentTokens()
        guard let value = token ?? current?.accessToken else { throw .requestFailed(reason: .lackOfAccessToken) }
        do { return try await platform.verify(accessToken: value) } catch { throw LineSDKError(error, endpoint: "verify") }
    }

    private func authorizedGet<T: Decodable>(_ url: URL, as type: T.Type, name: String) async throws(LineSDKError) -> T {
        let platform = self.platform
        do {
            let response = try await client.session.perform { tokens throws(OAuthError) in
                try await platform.get(url, accessToken: tokens.accessToken)
            }
            return try platform.decode(response, as: type)
        } catch { throw LineSDKError(error, endpoint: name) }
    }
}
