#if Emulator
import Foundation

/// What the dashboard at `/` shows, copied out of the store in one locked read.
///
/// It has no field for a channel secret, a password or a token value, so the page cannot show one by
/// mistake: tokens appear only as ``fingerprint(ofDigest:)``.
struct DashboardSnapshot: Sendable {
    /// A registered channel, without its secret.
    struct Channel: Sendable, Equatable {
        /// The channel ID (`client_id`).
        var channelID: String
        /// Registered callback URLs.
        var callbackURLs: [String]
        /// The linked official account, if any.
        var botName: String?
        /// Scopes the channel may request.
        var allowedScopes: [String]
        /// Whether the `email` claim may be issued.
        var emailPermission: Bool
        /// Native app (ES256 ID tokens always) or web.
        var nativeApp: Bool
        /// Whether `client_secret` is required on every token, refresh and revoke request.
        var webOnly: Bool
        /// The iOS app's bundle ID, if registered.
        var iOSBundleID: String?
        /// Whether every auto login fails for this channel.
        var autoLoginFails: Bool
    }

    /// A user, without the password.
    struct User: Sendable, Equatable {
        /// The user ID.
        var userID: String
        /// The display name.
        var displayName: String
        /// The email address, if any.
        var email: String?
        /// Whether the user is a friend of the linked official accounts now (consents can change it).
        var isFriend: Bool
    }

    /// A pending authorization: someone is on the login or consent page.
    struct Session: Sendable, Equatable {
        /// The requesting channel.
        var channelID: String
        /// Where the code will go.
        var redirectURI: String
        /// Requested scopes.
        var scopes: [String]
        /// The user who typed a correct password, or `nil` while the login page is open.
        var userID: String?
        /// When the session started.
        var createdAt: Date
        /// When the session stops being accepted.
        var expiresAt: Date
    }

    /// An SSO session: a browser that signed in and is signed in again without a password.
    struct BrowserSessionRow: Sendable, Equatable {
        /// The first 8 hex digits of the cookie's SHA-256 (never the cookie).
        var fingerprint: String
        /// Who is signed in.
        var userID: String
        /// When the user last proved who they are (what `max_age` counts from).
        var authTime: Date
        /// When the browser must sign in again.
        var expiresAt: Date
    }

    /// A live access token, known by its fingerprint only.
    struct AccessToken: Sendable, Equatable {
        /// See ``DashboardSnapshot/fingerprint(ofDigest:)``.
        var fingerprint: String
        /// The channel it was issued to.
        var channelID: String
        /// The user it speaks for.
        var userID: String
        /// Granted scopes.
        var scopes: [String]
        /// When it was issued.
        var issuedAt: Date
        /// When it expires.
        var expiresAt: Date
    }

    /// A live refresh token, known by its fingerprint only.
    struct RefreshToken: Sendable, Equatable {
        /// See ``DashboardSnapshot/fingerprint(ofDigest:)``.
        var fingerprint: String
        /// The channel it was issued to.
        var channelID: String
        /// The user it speaks for.
        var userID: String
        /// Granted scopes.
        var scopes: [String]
        /// When it expires (refreshing does not extend it).
        var expiresAt: Date
        /// Access tokens issued with or from it and still held by the store.
        var accessTokenCount: Int
    }

    /// A published signing key.
    struct Key: Sendable, Equatable {
        /// The JWS `kid`.
        var keyID: String
        /// The JWS `alg`.
        var algorithm: String
        /// When it was rotated out; `nil` for the key new ID tokens are signed with.
        var retiredAt: Date?
        /// When a rotated-out key leaves the JWKS.
        var publishedUntil: Date?
    }

    /// Up to ``DashboardSnapshot/rowLimit`` rows of a table, newest first, and how many there are in all:
    /// the store holds up to 200,000 tokens, far more than a page should carry.
    struct Rows<Row: Sendable & Equatable>: Sendable, Equatable {
        /// The rows shown.
        var rows: [Row]
        /// Every live record of the kind, shown or not.
        var total: Int
    }

    /// Most rows shown per table.
    static let rowLimit = 100

    /// The emulator's now (real time plus the offset).
    var now: Date
    /// The test offset in seconds.
    var clockOffset: TimeInterval
    /// Registered channels, in configuration order.
    var channels: [Channel]
    /// Users, in configuration order.
    var users: [User]
    /// The user signed in without pages, if any.
    var autoApproveUserID: String?
    /// Whether the next auto login is armed to fail.
    var failNextAutoLogin: Bool
    /// Live login-page sessions, newest first.
    var sessions: Rows<Session>
    /// Live SSO sessions, most recent sign-in first.
    var browserSessions: Rows<BrowserSessionRow>
    /// Live access tokens, newest first.
    var accessTokens: Rows<AccessToken>
    /// Live refresh tokens, latest expiry first.
    var refreshTokens: Rows<RefreshToken>
    /// Live stateless channel access tokens.
    var channelAccessTokens: Int
    /// Unexpired, unused authorization codes.
    var authorizationCodes: Int
    /// Published signing keys, the current one first.
    var keys: [Key]

    /// The first 8 hex digits of a stored token digest: enough to tell a handful of tokens apart and to
    /// match one a test holds (`SHA-256(token)`), useless for calling an API.
    static func fingerprint(ofDigest digest: String) -> String {
        String(digest.prefix(8))
    }

    /// The newest `rowLimit` of `rows` by `newer`, with the total.
    static func newest<Row>(_ rows: [Row], by newer: (Row, Row) -> Bool) -> Rows<Row> {
        Rows(rows: Array(rows.sorted(by: newer).prefix(rowLimit)), total: rows.count)
    }
}
#endif
