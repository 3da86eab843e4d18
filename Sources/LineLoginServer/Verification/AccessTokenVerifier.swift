import Foundation
import LineSDK
import OAuthEngine

/// Verifies LINE access tokens that apps send to this server: `GET /oauth2/v2.1/verify` (LINE's own
/// endpoint, not RFC 7662), `client_id` must be one of the configured channels and `expires_in > 0`,
/// then `GET /v2/profile` identifies the user.
///
/// ```swift
/// let verifier = try AccessTokenVerifier(channelIDs: ["1234567890"])
/// let verified = try await verifier.verify(accessToken)
/// print(verified.profile.userID, verified.profile.displayName)
/// ```
///
/// A LINE outage throws a ``VerificationError`` whose ``VerificationError/isUnavailable`` is `true`
/// (answer 503), never the "invalid token" errors (answer 401).
public struct AccessTokenVerifier: Sendable {
    /// The channel IDs accepted.
    public let channelIDs: Set<String>
    /// LINE, or a compatible platform such as the emulator.
    public let platform: LinePlatform
    /// The cache of verified tokens, if any.
    public let cache: AccessTokenCache?

    private let transport: any HTTPTransport
    private let clock: any WallClock
    private let timeout: TimeInterval

    /// Creates a verifier.
    /// - Parameters:
    ///   - channelIDs: the channels whose tokens are accepted.
    ///   - platform: LINE's production platform, or e.g. `.custom(baseURL:)` for the emulator.
    ///   - cache: verified tokens are remembered here (`nil`: ask LINE every time). Give it the same clock.
    ///   - transport: HTTP for verify and profile.
    ///   - clock: the clock `expires_in` is made absolute with.
    ///   - timeout: seconds per request to LINE.
    /// - Throws: ``LineServerConfigurationError`` without channels or with a plain-http non-loopback platform.
    public init(channelIDs: [String], platform: LinePlatform = .production, cache: AccessTokenCache? = AccessTokenCache(),
                transport: any HTTPTransport = URLSessionTransport(), clock: any WallClock = SystemClock(),
                timeout: TimeInterval = 10) throws(LineServerConfigurationError) {
        guard !channelIDs.isEmpty, !channelIDs.contains("") else {
            throw LineServerConfigurationError("at least one non-empty channel ID is needed")
        }
        for (name, url) in [("verify endpoint", platform.verifyURL), ("profile endpoint", platform.profileURL)] {
            do { try EndpointPolicy.check(url, name: name) } catch { throw LineServerConfigurationError(error.description) }
        }
        self.channelIDs = Set(channelIDs)
        self.platform = platform
        self.cache = cache
        self.transport = transport
        self.clock = clock
        self.timeout = timeout
    }

    /// Verifies `accessToken` and reads its owner's profile (or answers from the cache).
    /// - Throws: ``VerificationError``: ``VerificationError/invalidAccessToken(_:)``,
    ///   ``VerificationError/unknownChannel``, ``VerificationError/accessTokenExpired``,
    ///   ``VerificationError/insufficientScope``, or ``VerificationError/unavailable(_:)`` during an outage.
    public func verify(_ accessToken: String) async throws(VerificationError) -> VerifiedAccessToken {
        try TokenShape.check(accessToken)
        if let cached = await cache?.value(for: accessToken) { return cached }
        let receivedAt = clock.now()
        let (channelID, scopes, expiresIn) = try await verifyWithLINE(accessToken)
        guard channelIDs.contains(channelID) else { throw .unknownChannel }
        guard expiresIn > 0 else { throw .accessTokenExpired }
        guard scopes.contains("profile") else { throw .insufficientScope }
        let profile: UserProfile
        do {
            profile = try await ProfileClient(url: platform.profileURL, transport: transport, timeout: timeout).profile(accessToken: accessToken)
        } catch {
            switch error {
            case .unauthorized(let server): throw .invalidAccessToken(server)
            case .forbidden: throw .insufficientScope
            case .other(let failure): throw failure.isOutage ? .unavailable(failure) : .invalidAccessToken(Self.serverError(failure))
            }
        }
        let verified = VerifiedAccessToken(channelID: channelID, scopes: scopes,
                                           expiresAt: receivedAt.addingTimeInterval(expiresIn), profile: profile)
        await cache?.insert(verified, for: accessToken)
        return verified
    }

    /// `GET /oauth2/v2.1/verify?access_token=…` → (`client_id`, scopes, `expires_in`).
    private func verifyWithLINE(_ accessToken: String) async throws(VerificationError) -> (String, [String], TimeInterval) {
        var components = URLComponents(url: platform.verifyURL, resolvingAgainstBaseURL: false)
        // Escaped by hand: URLComponents leaves `+` alone, which a server reads as a space.
        components?.percentEncodedQuery = "access_token=" + FormEncoding.escape(accessToken)
        guard let url = components?.url else { throw .unavailable(.configuration("verify URL")) }
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout))
        } catch {
            throw .unavailable(.transport(error))
        }
        guard response.isSuccess else {
            let error = ServerError(response: response)
            if error.statusCode >= 500 || error.statusCode == 429 { throw .unavailable(.server(error)) }
            throw .invalidAccessToken(error)
        }
        guard let object = try? JSONValue.parseObject(response.body),
              let clientID = object["client_id"]?.stringValue,
              let expiresIn = object["expires_in"]?.doubleValue, expiresIn.isFinite else {
            throw .unavailable(.invalidResponse(ServerError(response: response, reason: "verify answered without client_id or expires_in")))
        }
        let scopes = (object["scope"]?.stringValue ?? "").split(separator: " ").map(String.init)
        return (clientID, scopes, expiresIn)
    }

    private static func serverError(_ error: OAuthError) -> ServerError {
        if case .server(let server) = error { return server }
        return ServerError(statusCode: 0, reason: "profile request failed")
    }
}
