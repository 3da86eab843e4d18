import Foundation
import OAuthEngine

/// LINE's APIs for one channel's session: the stored token is attached, refreshed before expiry and
/// after a 401 (one refresh shared by concurrent callers).
public struct LineAPIClient: Sendable {
    let client: OAuthClient
    let platform: LinePlatform
    let channelID: String

    /// The user's profile (`profile` permission).
    public func getProfile() async throws(LineSDKError) -> UserProfile {
        try await authorizedGet(platform.profileURL, as: UserProfile.self, name: "profile")
    }

    /// The profile for a token that is not (yet) the session's, e.g. during login.
    func getProfile(accessToken: String) async throws(LineSDKError) -> UserProfile {
        let response: HTTPResponse
        do { response = try await client.tokenClient.send(.bearer(url: platform.profileURL, accessToken: accessToken, timeout: client.configuration.timeout)) } catch {
            throw LineSDKError(error, endpoint: "profile")
        }
        return try decode(response, as: UserProfile.self, name: "profile")
    }

    /// Whether the user is a friend of the channel's linked official account (`profile` permission).
    public func getBotFriendshipStatus() async throws(LineSDKError) -> GetBotFriendshipStatusRequestResponse {
        try await authorizedGet(platform.friendshipURL, as: GetBotFriendshipStatusRequestResponse.self, name: "friendship")
    }

    /// Refreshes the access token now (the refresh token is used; the ID token is kept).
    public func refreshAccessToken() async throws(LineSDKError) -> AccessToken {
        do { return AccessToken(tokens: try await client.session.refresh()) } catch { throw LineSDKError(error, endpoint: "token") }
    }

    /// Revokes `token` (default: the current access token). Revoking the current token logs the user out
    /// locally too. A 400 (already invalid) counts as done.
    public func revokeAccessToken(_ token: String? = nil) async throws(LineSDKError) {
        let current = await client.session.current()
        guard let value = token ?? current?.accessToken else { throw .requestFailed(reason: .lackOfAccessToken) }
        do { try await client.tokenClient.revoke(value, kind: .accessToken) } catch { throw LineSDKError(error, endpoint: "revoke") }
        if value == current?.accessToken { await client.session.clear() }
    }

    /// Revokes `refreshToken` (default: the current one), which ends the session; the local token is forgotten.
    public func revokeRefreshToken(_ refreshToken: String? = nil) async throws(LineSDKError) {
        let current = await client.session.current()
        guard let value = refreshToken ?? current?.refreshToken else { throw .requestFailed(reason: .lackOfAccessToken) }
        do { try await client.tokenClient.revoke(value, kind: .refreshToken) } catch { throw LineSDKError(error, endpoint: "revoke") }
        if value == current?.refreshToken { await client.session.clear() }
    }

    /// Verifies `token` (default: the current access token) with LINE: channel, permissions, remaining life.
    public func verifyAccessToken(_ token: String? = nil) async throws(LineSDKError) -> AccessTokenVerifyResult {
        let current = await client.session.current()
        guard let value = token ?? current?.accessToken else { throw .requestFailed(reason: .lackOfAccessToken) }
        guard var components = URLComponents(url: platform.verifyURL, resolvingAgainstBaseURL: false) else { throw .requestFailed(reason: .missingURL) }
        components.percentEncodedQuery = FormEncoding.encode([("access_token", value)])
        guard let url = components.url else { throw .requestFailed(reason: .missingURL) }
        let response: HTTPResponse
        do { response = try await client.tokenClient.send(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: client.configuration.timeout)) } catch {
            throw LineSDKError(error, endpoint: "verify")
        }
        return try decode(response, as: AccessTokenVerifyResult.self, name: "verify")
    }

    private func authorizedGet<T: Decodable>(_ url: URL, as type: T.Type, name: String) async throws(LineSDKError) -> T {
        let transport = client.tokenClient
        let timeout = client.configuration.timeout
        let response: HTTPResponse
        do {
            response = try await client.session.perform { tokens throws(OAuthError) in
                try await transport.send(.bearer(url: url, accessToken: tokens.accessToken, timeout: timeout))
            }
        } catch { throw LineSDKError(error, endpoint: name) }
        return try decode(response, as: type, name: name)
    }

    private func decode<T: Decodable>(_ response: HTTPResponse, as type: T.Type, name: String) throws(LineSDKError) -> T {
        guard response.isSuccess else { throw LineSDKError(.server(ServerError(response: response)), endpoint: name) }
        do { return try JSONDecoder().decode(type, from: response.body) } catch {
            throw LineSDKError(.invalidResponse(ServerError(response: response, reason: "not a valid \(type) (\(Self.describe(error)))")), endpoint: name)
        }
    }

    // DecodingError descriptions may quote values; keep only the path of the failing key.
    private static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "malformed JSON" }
        switch decodingError {
        case .keyNotFound(let key, _): return "missing \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case .dataCorrupted: return "malformed JSON"
        @unknown default: return "malformed JSON"
        }
    }
}
