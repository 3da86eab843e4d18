#if Server
public import Foundation
public import LineLoginPlatform
public import OAuthEngine

/// Everything ``WebLogin`` needs: the channel, where LINE sends the browser back, what to ask for, and
/// how the browser is remembered.
public struct WebLoginConfiguration: Sendable {
    /// The channel ID.
    public var channelID: String
    /// The channel secret: authenticates the code exchange and keys the HS256 ID token.
    public var channelSecret: String
    /// LINE, or a compatible platform such as the emulator.
    public var platform: LinePlatform
    /// The callback URL registered for the channel (https, or http on loopback only).
    public var redirectURI: URL
    /// Scopes to request (`profile`, `openid`, `email`).
    public var scopes: [String]
    /// `bot_prompt`: `normal` or `aggressive` offers to add the linked official account.
    public var botPrompt: String?
    /// `prompt`: `consent`, `login`, `none`.
    public var prompt: String?
    /// `max_age` in seconds; the ID token's `auth_time` must then be that recent.
    public var maxAge: TimeInterval?
    /// `ui_locales`.
    public var uiLocales: String?
    /// Seals the attempt and session cookies. Give every instance the same key; the default is random
    /// per process (sessions end when it restarts).
    public var sealer: CookieSealer
    /// How long a started login may take.
    public var attemptLifetime: TimeInterval
    /// The longest a session cookie lives (never beyond the access token's expiry).
    public var sessionLifetime: TimeInterval
    /// Which sessions are live: logout ends a session here, so its cookie is refused afterwards. Give every
    /// instance of a site the same shared store; the default serves one process.
    public var sessions: any WebSessionStore
    /// The attempt cookie's name.
    public var attemptCookieName: String
    /// The session cookie's name.
    public var sessionCookieName: String
    /// `Secure` on cookies; by default set unless the redirect URI is plain http on loopback.
    public var secureCookies: Bool
    /// HTTP to LINE.
    public var transport: any HTTPTransport
    /// The clock for expiries and ID-token times.
    public var clock: any WallClock
    /// The CSPRNG for state, nonce and PKCE.
    public var random: any RandomSource
    /// Allowed clock skew for ID-token times, 0 to 600 s (`IDTokenValidator.leewayBounds`); `WebLogin.init` refuses
    /// anything else.
    public var leeway: TimeInterval
    /// Seconds per request to LINE.
    public var timeout: TimeInterval
    /// Where sign-ins and calls to LINE are logged and counted (``LineLoginObservability``).
    public var observability: LineLoginObservability

    /// Creates a configuration with LINE's defaults: `profile openid`, PKCE, a 10-minute attempt.
    public init(
        channelID: String, channelSecret: String, redirectURI: URL, platform: LinePlatform = .production,
        scopes: [String] = ["profile", "openid"], botPrompt: String? = nil, prompt: String? = nil,
        maxAge: TimeInterval? = nil, uiLocales: String? = nil, sealer: CookieSealer = .randomKey(),
        attemptLifetime: TimeInterval = 600, sessionLifetime: TimeInterval = 7 * 86_400,
        sessions: any WebSessionStore = MemoryWebSessionStore(),
        attemptCookieName: String = "line_login_attempt", sessionCookieName: String = "line_session",
        secureCookies: Bool? = nil, transport: any HTTPTransport = URLSessionTransport(),
        clock: any WallClock = SystemClock(), random: any RandomSource = SystemRandomSource(),
        leeway: TimeInterval = 60, timeout: TimeInterval = 10, observability: LineLoginObservability = LineLoginObservability()
    ) {
        self.channelID = channelID
        self.channelSecret = channelSecret
        self.platform = platform
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.botPrompt = botPrompt
        self.prompt = prompt
        self.maxAge = maxAge
        self.uiLocales = uiLocales
        self.sealer = sealer
        self.attemptLifetime = attemptLifetime
        self.sessionLifetime = sessionLifetime
        self.sessions = sessions
        self.attemptCookieName = attemptCookieName
        self.sessionCookieName = sessionCookieName
        self.secureCookies =
            secureCookies ?? !(redirectURI.scheme?.lowercased() == "http" && EndpointPolicy.isLoopback(host: redirectURI.host))
        self.transport = transport
        self.clock = clock
        self.random = random
        self.leeway = leeway
        self.timeout = timeout
        self.observability = observability
    }
}

extension WebLoginConfiguration: CustomStringConvertible {
    /// Channel and redirect URI; never the secret.
    public var description: String {
        "WebLoginConfiguration(channel: \(channelID), redirectURI: \(redirectURI.absoluteString), scopes: \(scopes.joined(separator: " ")))"
    }
}

extension WebLoginConfiguration: CustomReflectable {
    /// What `dump` shows: never the channel secret or the cookie key.
    public var customMirror: Mirror {
        Mirror(self, children: ["channelID": channelID, "redirectURI": redirectURI, "scopes": scopes, "channelSecret": "<redacted>"])
    }
}
#endif
