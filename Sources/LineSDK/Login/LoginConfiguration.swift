public import Foundation
public import OAuthEngine
public import LineLoginPlatform

/// Everything a ``LoginManager`` needs for one channel. `setup(channelID:universalLinkURL:)` fills in
/// LINE's production defaults; this type lets an app (or a test) point at another platform such as the
/// emulator, hold a channel secret, and replace each seam.
public struct LoginConfiguration: Sendable {
    /// The channel ID (10 digits).
    public var channelID: String
    /// The universal link registered as the channel's callback (iOS), if any.
    public var universalLinkURL: URL?
    /// Where LINE's endpoints are.
    public var platform: LinePlatform
    /// The channel secret, for web-login (HS256) ID tokens and confidential revocation. Never put it in an app binary.
    public var channelSecret: String?
    /// Where tokens are kept; `nil` = the platform default (Keychain on Apple platforms, a 0600 file under
    /// `$XDG_DATA_HOME/line-login` elsewhere).
    public var tokenStore: (any TokenStore)?
    /// The HTTP transport.
    public var transport: any HTTPTransport
    /// The user agent that shows LINE's login page; `nil` = the platform default: a web-authentication
    /// session in iOS and Mac apps, a loopback redirect and the system browser in terminals and on Linux.
    public var userAgent: (any UserAgent)?
    /// The redirect URI for the default loopback user agent, e.g. `http://127.0.0.1:8123/callback` when the
    /// channel needs an exact registered callback; `nil` = `http://127.0.0.1:<free port>/callback`.
    public var redirectURI: URL?
    /// The app's bundle identifier, for `line3rdp.<bundle id>://authorize/` callbacks.
    public var bundleIdentifier: String?
    /// The Keychain access group of the default token store (to share the session with app extensions);
    /// `nil` for the app's own group.
    public var keychainAccessGroup: String?
    /// Opens the LINE app for app-to-app login (LINE's SDK's route: universal link, then `lineauth2://`,
    /// then web login); `nil` = web login only. Needs ``bundleIdentifier``. By default `UIApplication`'s on
    /// iOS, none elsewhere.
    public var lineAppOpener: (any LineAppOpener)?
    /// The clock (tests move it).
    public var clock: any WallClock
    /// The random source for state, nonce and PKCE.
    public var random: any RandomSource
    /// How long before expiry the access token is refreshed proactively.
    public var refreshMargin: TimeInterval
    /// Clock skew allowed for ID-token times, 0 to 600 s (`IDTokenValidator.leewayBounds`); `setup(configuration:)`
    /// refuses anything else.
    public var leeway: TimeInterval
    /// Per-request timeout.
    public var timeout: TimeInterval

    /// Creates a configuration with LINE's production platform and the platform defaults.
    public init(
        channelID: String, universalLinkURL: URL? = nil, platform: LinePlatform = .production, channelSecret: String? = nil,
        tokenStore: (any TokenStore)? = nil, transport: any HTTPTransport = URLSessionTransport(), userAgent: (any UserAgent)? = nil,
        redirectURI: URL? = nil, bundleIdentifier: String? = Bundle.main.bundleIdentifier,
        lineAppOpener: (any LineAppOpener)? = LoginConfiguration.platformLineAppOpener, keychainAccessGroup: String? = nil,
        clock: any WallClock = SystemClock(),
        random: any RandomSource = SystemRandomSource(), refreshMargin: TimeInterval = 60, leeway: TimeInterval = 60,
        timeout: TimeInterval = 30
    ) {
        self.channelID = channelID
        self.universalLinkURL = universalLinkURL
        self.platform = platform
        self.channelSecret = channelSecret
        self.tokenStore = tokenStore
        self.transport = transport
        self.userAgent = userAgent
        self.redirectURI = redirectURI
        self.keychainAccessGroup = keychainAccessGroup
        self.lineAppOpener = lineAppOpener
        self.bundleIdentifier = bundleIdentifier
        self.clock = clock
        self.random = random
        self.refreshMargin = refreshMargin
        self.leeway = leeway
        self.timeout = timeout
    }

    #if !(canImport(UIKit) && !os(tvOS) && !os(watchOS))
    /// The LINE-app opener the platform has: none off iOS (every login is a web login).
    public static var platformLineAppOpener: (any LineAppOpener)? { nil }
    #endif

    /// The custom-scheme callback LINE's iOS SDK registers: `line3rdp.<bundle id>://authorize/`.
    public var customSchemeCallbackURL: URL? {
        bundleIdentifier.flatMap { URL(string: "line3rdp.\($0)://authorize/") }
    }

    /// The key a channel's tokens are stored under: `channel-<channel ID>`, followed by the platform's
    /// host and port when it is not LINE's production platform, so a session with the emulator never
    /// shadows a real one.
    public static func tokenStoreKey(channelID: String, platform: LinePlatform = .production) -> String {
        var key = "channel-\(channelID)"
        if platform != .production, let issuer = URL(string: platform.issuer), let host = issuer.host {
            key += "-\(host)-\(issuer.port ?? 0)"
        }
        return key
    }

    var resolvedTokenStore: any TokenStore {
        if let tokenStore { return tokenStore }
        let key = Self.tokenStoreKey(channelID: channelID, platform: platform)
        #if canImport(Security)
        return KeychainTokenStore(
            key: key, accessGroup: keychainAccessGroup,
            migration: bundleIdentifier.map { .lineSDK(channelID: channelID, bundleIdentifier: $0) },
            usesDataProtectionKeychain: LoginPlatform.current.usesDataProtectionKeychain)
        #else
        return FileTokenStore(key: key)
        #endif
    }
}

extension LoginConfiguration: CustomStringConvertible, CustomReflectable {
    /// What `dump` and debuggers show: never the channel secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "channelID": channelID, "universalLinkURL": universalLinkURL as Any, "issuer": platform.issuer,
                "channelSecret": channelSecret == nil ? "none" : "<redacted>", "redirectURI": redirectURI as Any,
            ])
    }

    /// Channel and platform; never the secret.
    public var description: String {
        "LoginConfiguration(channelID: \(channelID), issuer: \(platform.issuer), channelSecret: \(channelSecret == nil ? "none" : "<redacted>"))"
    }
}
