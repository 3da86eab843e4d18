#if Server
public import Foundation
public import LineLoginPlatform
public import OAuthEngine

/// Ends what a user authorized for your channel, as LINE requires when a user withdraws from your
/// service ("Deauthorize your app when a user unregisters"): a stateless channel access token from
/// `POST /oauth2/v3/token` (client credentials), then `POST /user/v1/deauthorize` with the user's
/// access token. The user's access and refresh tokens stop working; their next login asks for consent.
///
/// ```swift
/// let deauthorizer = try LineDeauthorizer(channelID: "1234567890", channelSecret: secret)
/// try await deauthorizer.deauthorize(userAccessToken: token)
/// ```
public struct LineDeauthorizer: Sendable {
    /// The channel.
    public let channelID: String
    /// LINE, or a compatible platform such as the emulator.
    public let platform: LinePlatform
    private let channelSecret: String
    private let transport: any HTTPTransport
    private let timeout: TimeInterval

    /// Creates a deauthorizer for one channel.
    /// - Throws: ``LineServerConfigurationError`` for an empty channel ID or secret, or a plain-http
    ///   non-loopback platform.
    public init(
        channelID: String, channelSecret: String, platform: LinePlatform = .production,
        transport: any HTTPTransport = URLSessionTransport(), timeout: TimeInterval = 10
    ) throws(LineServerConfigurationError) {
        guard !channelID.isEmpty, !channelSecret.isEmpty else {
            throw LineServerConfigurationError("deauthorizing needs the channel ID and the channel secret")
        }
        do { try EndpointPolicy.check(platform.apiBaseURL, name: "LINE API") } catch {
            throw LineServerConfigurationError(error.description)
        }
        self.channelID = channelID
        self.channelSecret = channelSecret
        self.platform = platform
        self.transport = transport
        self.timeout = timeout
    }

    /// Deauthorizes the user whose access token this is.
    /// - Parameter userAccessToken: the access token of the user who withdraws.
    /// - Throws: `OAuthError.server` when LINE refuses (400: the user token is invalid; the channel
    ///   credentials are wrong), `OAuthError.transport` when LINE can't be reached.
    public func deauthorize(userAccessToken: String) async throws(OAuthError) {
        let channelToken = try await channelAccessToken()
        let url = platform.apiBaseURL.appendingPathComponent("user/v1/deauthorize")
        let body: Data
        do { body = try JSONEncoder().encode(["userAccessToken": userAccessToken]) } catch {
            throw .configuration("the request could not be encoded")
        }
        let request = HTTPRequest(
            method: "POST", url: url, headers: ["Authorization": "Bearer \(channelToken)", "Content-Type": "application/json"],
            body: body, timeout: timeout)
        let response: HTTPResponse
        do { response = try await transport.perform(request) } catch { throw .transport(error) }
        guard response.isSuccess else { throw .server(ServerError(response: response, url: url)) }
    }

    /// A stateless channel access token (15 minutes; one per call, as LINE issues them without limit).
    private func channelAccessToken() async throws(OAuthError) -> String {
        let url = platform.apiBaseURL.appendingPathComponent("oauth2/v3/token")
        let request = HTTPRequest.form(
            url: url,
            fields: [
                ("grant_type", "client_credentials"), ("client_id", channelID), ("client_secret", channelSecret),
            ], timeout: timeout)
        let response: HTTPResponse
        do { response = try await transport.perform(request) } catch { throw .transport(error) }
        guard response.isSuccess else { throw .server(ServerError(response: response, url: url)) }
        guard let object = try? JSONValue.parseObject(response.body), let token = object["access_token"]?.stringValue, !token.isEmpty else {
            throw .invalidResponse(ServerError(response: response, reason: "no access_token in the channel token response"))
        }
        return token
    }
}
#endif
