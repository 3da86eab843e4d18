public import Foundation
public import OAuthEngine

/// Where LINE's endpoints are: the real platform, or a compatible one (the emulator) at one origin.
public struct LinePlatform: Sendable, Equatable {
    /// The expected `iss` of ID tokens.
    public var issuer: String
    /// `/oauth2/v2.1/authorize`.
    public var authorizeURL: URL
    /// `/oauth2/v2.1/token`.
    public var tokenURL: URL
    /// `/oauth2/v2.1/verify`.
    public var verifyURL: URL
    /// `/oauth2/v2.1/revoke`.
    public var revokeURL: URL
    /// `/oauth2/v2.1/certs`.
    public var jwksURL: URL
    /// `/v2/profile`.
    public var profileURL: URL
    /// `/friendship/v1/status`.
    public var friendshipURL: URL
    /// `/oauth2/v2.1/userinfo`.
    public var userinfoURL: URL
    /// The API host (`https://api.line.me`), the base of LineSDK's `Request`s.
    public var apiBaseURL: URL
    /// `/.well-known/openid-configuration` on the login host: the issuer and keys, as LINE's SDK reads them.
    public var discoveryURL: URL
    /// The universal link the LINE app claims for app-to-app login (`https://access-auto.line.me/oauth2/v2.1/login`
    /// on LINE's platform; `<base>/app/oauth2/v2.1/login` on the emulator, which plays the LINE app there).
    public var lineAppLoginURL: URL

    /// LINE's production platform (`access.line.me`, `api.line.me`).
    public static let production: LinePlatform = {
        var platform = LinePlatform(
            issuer: "https://access.line.me",
            accessBase: URL(string: "https://access.line.me")!, // literal, cannot fail
            apiBase: URL(string: "https://api.line.me")!) // literal, cannot fail
        platform.lineAppLoginURL = URL(string: "https://access-auto.line.me/oauth2/v2.1/login")! // literal, cannot fail
        return platform
    }()

    /// A platform serving every endpoint from one origin, such as `LineLoginEmulator`; the issuer is the
    /// base URL without a trailing slash.
    public static func custom(baseURL: URL) -> LinePlatform {
        var issuer = baseURL.absoluteString
        while issuer.hasSuffix("/") { issuer.removeLast() }
        return custom(baseURL: baseURL, issuer: issuer)
    }

    /// A platform serving every endpoint from one origin whose ID tokens carry another issuer: an emulator
    /// started with `--issuer https://access.line.me` is
    /// `.custom(baseURL: emulatorURL, issuer: LinePlatform.production.issuer)` — LINE's issuer, these endpoints.
    /// - Parameters:
    ///   - baseURL: Where every endpoint is.
    ///   - issuer: The `iss` ID tokens must carry, compared exactly (LINE's is `https://access.line.me`, no
    ///     trailing slash).
    public static func custom(baseURL: URL, issuer: String) -> LinePlatform {
        LinePlatform(issuer: issuer, accessBase: baseURL, apiBase: baseURL)
    }

    /// Creates a platform from the two LINE hosts.
    public init(issuer: String, accessBase: URL, apiBase: URL) {
        self.issuer = issuer
        authorizeURL = accessBase.appendingPathComponent("oauth2/v2.1/authorize")
        tokenURL = apiBase.appendingPathComponent("oauth2/v2.1/token")
        verifyURL = apiBase.appendingPathComponent("oauth2/v2.1/verify")
        revokeURL = apiBase.appendingPathComponent("oauth2/v2.1/revoke")
        jwksURL = apiBase.appendingPathComponent("oauth2/v2.1/certs")
        profileURL = apiBase.appendingPathComponent("v2/profile")
        friendshipURL = apiBase.appendingPathComponent("friendship/v1/status")
        userinfoURL = apiBase.appendingPathComponent("oauth2/v2.1/userinfo")
        apiBaseURL = apiBase
        discoveryURL = accessBase.appendingPathComponent(".well-known/openid-configuration")
        lineAppLoginURL = accessBase.appendingPathComponent("app/oauth2/v2.1/login")
    }

    /// The platform's issuer and endpoints as the engine sees them.
    public var endpoints: ProviderEndpoints {
        ProviderEndpoints(
            issuer: issuer, authorizationEndpoint: authorizeURL, tokenEndpoint: tokenURL, jwksURI: jwksURL,
            userinfoEndpoint: userinfoURL, revocationEndpoint: revokeURL)
    }

    /// The engine configuration for a channel on this platform, by LINE's provider profile
    /// (`ProviderProfile.line` of OAuthEngine): its quirks, `client_secret_post`, ES256, and HS256 only
    /// with a channel secret. Apps, the CLI and the server kit all configure LINE through this.
    public func configuration(
        channelID: String, channelSecret: String?, leeway: TimeInterval = 60,
        timeout: TimeInterval = 30
    ) -> ProviderConfiguration {
        ProviderProfile.line.configuration(
            endpoints: endpoints, clientID: channelID, clientSecret: channelSecret,
            leeway: leeway, timeout: timeout)
    }
}
