#if Emulator
import Foundation

/// A LINE Login channel registered on the emulator.
///
/// A channel is what LINE calls an app: it has an ID (the OAuth `client_id`), a secret and the
/// callback URLs that authorization responses may be sent to.
public struct EmulatorChannel: Sendable, Codable, Equatable {
    /// The channel ID, used as `client_id` and as the ID token's `aud` (10 digits on LINE).
    public var channelID: String
    /// The channel secret: `client_secret`, and the HS256 key for web-login ID tokens.
    public var channelSecret: String
    /// Registered callback URLs.
    ///
    /// A `redirect_uri` matches when it starts with a registered URL (scheme, host and path).
    /// On loopback hosts (`127.0.0.1`, `localhost`, `[::1]`) the port is ignored.
    public var callbackURLs: [String]
    /// The linked official account offered by `bot_prompt`, or `nil` when none is linked.
    public var botName: String?
    /// Scopes the channel may request. Defaults to `profile`, `openid` and `email`.
    public var allowedScopes: [String]
    /// Whether the channel was approved to read email addresses (the `email` ID token claim).
    public var emailPermission: Bool
    /// Whether the channel is a native app: its ID tokens are always ES256.
    public var nativeApp: Bool
    /// The iOS app's bundle ID, registered with the channel as LINE's console does: its
    /// `line3rdp.<bundle ID>://authorize/` callback is accepted, and the LINE-app login answers there.
    public var iOSBundleID: String?
    /// Every auto login (the LINE-app route) fails as LINE's sometimes does: the callback comes back with
    /// a state the app didn't send, so apps can test their retry with `disable_auto_login`.
    public var autoLoginFails = false
    /// A web-only channel (LINE's "Web app" type with no native app): `client_secret` is required on
    /// every token, refresh and revoke request, with PKCE or without. A channel with a native app may
    /// leave it out where LINE's SDK does (PKCE exchanges, refresh, revoke).
    public var webOnly = false
    /// Revokes the tokens issued from a code that is used a second time (RFC 6749 §4.1.2 says SHOULD;
    /// LINE does not document doing it, so it is off by default).
    public var revokeTokensOnCodeReplay = false

    /// The callback URLs a `redirect_uri` may match: the registered ones and the iOS app's custom scheme.
    public var acceptedCallbackURLs: [String] {
        callbackURLs + (iOSBundleID.map { [Self.appCallback(bundleID: $0)] } ?? [])
    }

    /// `line3rdp.<bundle ID>://authorize/`, where LINE answers an iOS app.
    public static func appCallback(bundleID: String) -> String { "line3rdp.\(bundleID)://authorize/" }

    /// Creates a channel.
    /// - Parameters:
    ///   - channelID: The channel ID (`client_id`).
    ///   - channelSecret: The channel secret.
    ///   - callbackURLs: Registered callback URLs.
    ///   - botName: The linked official account, or `nil`.
    ///   - allowedScopes: Scopes the channel may request.
    ///   - emailPermission: Whether the `email` claim may be issued.
    ///   - nativeApp: Whether ID tokens are always ES256.
    ///   - iOSBundleID: The iOS app's bundle ID, whose `line3rdp.` callback is accepted.
    public init(
        channelID: String,
        channelSecret: String,
        callbackURLs: [String],
        botName: String? = nil,
        allowedScopes: [String] = ["profile", "openid", "email"],
        emailPermission: Bool = true,
        nativeApp: Bool = false,
        iOSBundleID: String? = nil
    ) {
        self.channelID = channelID
        self.channelSecret = channelSecret
        self.callbackURLs = callbackURLs
        self.botName = botName
        self.allowedScopes = allowedScopes
        self.emailPermission = emailPermission
        self.nativeApp = nativeApp
        self.iOSBundleID = iOSBundleID
    }

    private enum CodingKeys: String, CodingKey {
        case channelID, channelSecret, callbackURLs, botName, allowedScopes, emailPermission, nativeApp, iOSBundleID, autoLoginFails,
            webOnly,
            revokeTokensOnCodeReplay
    }

    /// Decodes a channel; `botName`, `allowedScopes`, `emailPermission` and `nativeApp` are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.channelID = try container.decode(String.self, forKey: .channelID)
        self.channelSecret = try container.decode(String.self, forKey: .channelSecret)
        self.callbackURLs = try container.decode([String].self, forKey: .callbackURLs)
        self.botName = try container.decodeIfPresent(String.self, forKey: .botName)
        self.allowedScopes =
            try container.decodeIfPresent([String].self, forKey: .allowedScopes) ?? ["profile", "openid", "email"]
        self.emailPermission = try container.decodeIfPresent(Bool.self, forKey: .emailPermission) ?? true
        self.nativeApp = try container.decodeIfPresent(Bool.self, forKey: .nativeApp) ?? false
        self.iOSBundleID = try container.decodeIfPresent(String.self, forKey: .iOSBundleID)
        self.autoLoginFails = try container.decodeIfPresent(Bool.self, forKey: .autoLoginFails) ?? false
        self.webOnly = try container.decodeIfPresent(Bool.self, forKey: .webOnly) ?? false
        self.revokeTokensOnCodeReplay = try container.decodeIfPresent(Bool.self, forKey: .revokeTokensOnCodeReplay) ?? false
    }
}
#endif
