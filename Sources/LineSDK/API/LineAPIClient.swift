import Foundation
import OAuthEngine
public import LineLoginPlatform

/// LINE's APIs for one channel's session: the stored token is attached, refreshed before expiry and
/// after a 401 (one refresh shared by concurrent callers).
public struct LineAPIClient: Sendable {
    let client: OAuthClient
    let platform: LinePlatformClient

    /// The user's profile (`profile` permission).
    public func getProfile() async throws(LineSDKError) -> UserProfile {
        try await authorizedGet(platform.platform.profileURL, as: UserProfile.self)
    }

    /// Whether the user is a friend of the channel's linked official account (`profile` permission).
    public func getBotFriendshipStatus() async throws(LineSDKError) -> GetBotFriendshipStatusRequest.Response {
        try await authorizedGet(platform.platform.friendshipURL, as: GetBotFriendshipStatusRequest.Response.self)
    }

    /// Refreshes the access token now (the refresh token is used; the ID token is kept).
    public func refreshAccessToken() async throws(LineSDKError) -> AccessToken {
        do { return AccessToken(tokens: try await client.refresh()) } catch {
            throw LineSDKError(error, url: platform.platform.tokenURL, parsing: AccessToken.self)
        }
    }

    /// Revokes `token` (default: the current access token). With nothing to revoke it succeeds, as LINE's
    /// SDK does, and a 400 ("already invalid") counts as revoked. Revoking the current token logs the user
    /// out locally; revoking another token leaves the session alone (on purpose: LINE's SDK forgets the
    /// current session whatever token was revoked, which logs a user out for revoking an old token).
    public func revokeAccessToken(_ token: String? = nil) async throws(LineSDKError) {
        try await revoke(token, kind: .accessToken)
    }

    /// Revokes `refreshToken` (default: the current one), which ends its session at LINE; as
    /// ``revokeAccessToken(_:)`` for nothing stored, a 400, and a token that is not the current one.
    public func revokeRefreshToken(_ refreshToken: String? = nil) async throws(LineSDKError) {
        try await revoke(refreshToken, kind: .refreshToken)
    }

    /// Verifies `token` (default: the current access token) with LINE: channel, permissions, remaining life.
    public func verifyAccessToken(_ token: String? = nil) async throws(LineSDKError) -> AccessTokenVerifyResult {
        let current = await client.currentTokens()
        guard let value = token ?? current?.accessToken else { throw .requestFailed(reason: .lackOfAccessToken) }
        do { return try await platform.verify(accessToken: value) } catch {
            throw LineSDKError(error, url: platform.platform.verifyURL, parsing: AccessTokenVerifyResult.self)
        }
    }

    /// Sends a bearer `GET` with the session's token (refreshed before expiry and once after a 401) and
    /// decodes the answer: the path every authorized LINE call takes, `Session.send` included.
    func authorizedGet<T: Decodable>(_ url: URL, as type: T.Type) async throws(LineSDKError) -> T {
        let response = try await authorized(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: platform.timeout))
        do { return try platform.decode(response, as: type) } catch { throw LineSDKError(error, url: url, parsing: type) }
    }

    /// Sends `request` with the session's token, refreshed before expiry and once after a 401.
    func authorized(_ request: HTTPRequest) async throws(LineSDKError) -> HTTPResponse {
        do { return try await client.send(authorized: request) } catch { throw LineSDKError(error, url: request.url) }
    }

    private func revoke(_ token: String?, kind: TokenClient.TokenKind) async throws(LineSDKError) {
        let current = await client.currentTokens()
        let stored = kind == .accessToken ? current?.accessToken : current?.refreshToken
        guard let value = token ?? stored else { return }
        do { try await client.tokenClient.revoke(value, kind: kind) } catch { throw LineSDKError(error, url: platform.platform.revokeURL) }
        // Only if the session still holds it: an assignment or login while the revoke was in flight stays.
        if value == stored { await client.session.clear(ifHolding: value) }
    }
}
