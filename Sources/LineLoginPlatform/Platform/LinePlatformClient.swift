package import Foundation
package import OAuthEngine

/// LINE's user-facing endpoints called with an explicit access token and no session: the one place
/// that knows their requests and answers. LineSDK's `LineAPIClient` (a session's API, with refresh) and the
/// server kit (verifying tokens that apps send) both call it.
package struct LinePlatformClient: Sendable {
    /// Where the endpoints are.
    package let platform: LinePlatform
    package let transport: any HTTPTransport
    package let timeout: TimeInterval

    package init(platform: LinePlatform, transport: any HTTPTransport, timeout: TimeInterval) {
        self.platform = platform
        self.transport = transport
        self.timeout = timeout
    }

    /// `GET /v2/profile` as `accessToken`'s owner. A 401 or 403 comes back as ``OAuthError/server(_:)``
    /// with its status, so callers tell a dead token from a missing scope and from an outage.
    package func getProfile(accessToken: String) async throws(OAuthError) -> UserProfile {
        try decode(try await get(platform.profileURL, accessToken: accessToken), as: UserProfile.self)
    }

    /// `GET /friendship/v1/status` as `accessToken`'s owner.
    package func getBotFriendshipStatus(accessToken: String) async throws(OAuthError) -> BotFriendshipStatus {
        try decode(try await get(platform.friendshipURL, accessToken: accessToken), as: BotFriendshipStatus.self)
    }

    /// `GET /oauth2/v2.1/verify?access_token=…`: the channel, scopes and remaining life of `accessToken`.
    package func verify(accessToken: String) async throws(OAuthError) -> AccessTokenVerifyResult {
        guard var components = URLComponents(url: platform.verifyURL, resolvingAgainstBaseURL: false) else {
            throw .configuration("the verify endpoint is not a URL")
        }
        // Escaped by hand: URLComponents leaves `+` alone, which a server reads as a space.
        components.percentEncodedQuery = FormEncoding.encode([("access_token", accessToken)])
        guard let url = components.url else { throw .configuration("the verify endpoint is not a URL") }
        let response: HTTPResponse
        do {
            response = try await transport.perform(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout))
        } catch {
            throw .transport(error)
        }
        return try decode(response, as: AccessTokenVerifyResult.self)
    }

    /// A bearer `GET` of one of LINE's APIs.
    package func get(_ url: URL, accessToken: String) async throws(OAuthError) -> HTTPResponse {
        do { return try await transport.perform(.bearer(url: url, accessToken: accessToken, timeout: timeout)) } catch {
            throw .transport(error)
        }
    }

    /// A 2xx body decoded as `type`; ``OAuthError/server(_:)`` for any other status and
    /// ``OAuthError/invalidResponse(_:)`` for a body that isn't `type`'s JSON (no value is quoted).
    package func decode<T: Decodable>(_ response: HTTPResponse, as type: T.Type) throws(OAuthError) -> T {
        guard response.isSuccess else { throw .server(ServerError(response: response)) }
        do { return try JSONDecoder().decode(type, from: response.body) } catch {
            throw .invalidResponse(ServerError(response: response, reason: "not a valid \(type) (\(Self.describe(error)))"))
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
