#if Emulator
public import Foundation

/// Everything the emulator serves: channels, users, lifetimes and test switches.
///
/// Load one from JSON with ``init(contentsOf:)``; every field is optional there and takes the
/// value of ``default`` when missing.
public struct EmulatorConfiguration: Sendable, Codable {
    /// Registered channels (LINE Login apps).
    public var channels: [EmulatorChannel]
    /// Users who can sign in.
    public var users: [EmulatorUser]
    /// Access-token lifetime in seconds (LINE: 30 days).
    public var accessTokenLifetime: TimeInterval
    /// Refresh-token lifetime in seconds, counted from the latest access token's issue (LINE: 90 days).
    public var refreshTokenLifetime: TimeInterval
    /// `false` (LINE's documented behaviour): a refresh returns the same refresh token.
    /// `true`: every refresh returns a new refresh token and the old one stops working.
    public var rotateRefreshTokens: Bool
    /// Seconds a rotated-out signing key stays in the JWKS (and keeps verifying).
    public var keyRotationGracePeriod: TimeInterval
    /// When set, authorization requests skip the login and consent pages and sign this user in.
    public var autoApproveUserID: String?
    /// The `iss` of ID tokens and the `issuer` of discovery, and the issuer `/oauth2/v2.1/verify` expects,
    /// when it is not the emulator's own base URL: `https://access.line.me` lets a backend that pins LINE's
    /// issuer (as LINE's ID-token docs tell it to) accept the emulator's tokens unchanged. The endpoints stay
    /// where the emulator listens. `nil` (the default): the base URL is the issuer. An absolute `http` or
    /// `https` URL with a host and no query or fragment (``validate()`` checks it); used exactly as given, so
    /// write it as your verifier compares it (LINE's has no trailing slash).
    public var issuer: String?
    /// Serves the test controls over HTTP (`POST /_emulator/control`, `GET /_emulator/stats`) for test
    /// suites in other processes. Off by default: they are not part of LINE's API.
    public var testControls = false
    /// Names besides `localhost` under which the dashboard and the test controls answer, e.g. a container's
    /// service name that a test suite in another container uses; each is compared by its name alone
    /// (`emulator:8400` allows `emulator` on any port). IP addresses always answer (an address was never
    /// resolved, so it can't have been re-resolved); any other `Host` is refused, so that a page whose own
    /// domain an attacker re-resolves to this machine (DNS rebinding) can't read the dashboard or drive the
    /// controls. Not read from configuration files.
    public var dashboardHosts: Set<String> = []
    /// Channels whose secret the emulator made up (``default``'s): a state file keeps those secrets so
    /// they survive a restart, while a secret given in a configuration file is always used as given.
    /// Not read from configuration files.
    public var generatedSecretChannelIDs: Set<String> = []

    /// Creates a configuration.
    /// - Parameters:
    ///   - channels: Registered channels.
    ///   - users: Users who can sign in.
    ///   - accessTokenLifetime: Access-token lifetime in seconds.
    ///   - refreshTokenLifetime: Refresh-token lifetime in seconds.
    ///   - rotateRefreshTokens: Whether refreshes rotate the refresh token.
    ///   - keyRotationGracePeriod: Seconds a rotated-out key stays published.
    ///   - autoApproveUserID: A user signed in without any page, or `nil`.
    public init(
        channels: [EmulatorChannel],
        users: [EmulatorUser],
        accessTokenLifetime: TimeInterval = 2_592_000,
        refreshTokenLifetime: TimeInterval = 7_776_000,
        rotateRefreshTokens: Bool = false,
        keyRotationGracePeriod: TimeInterval = 86_400,
        autoApproveUserID: String? = nil
    ) {
        self.channels = channels
        self.users = users
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.rotateRefreshTokens = rotateRefreshTokens
        self.keyRotationGracePeriod = keyRotationGracePeriod
        self.autoApproveUserID = autoApproveUserID
    }

    /// Channel `1234567890` (random secret, callback `http://127.0.0.1/callback` on any port,
    /// linked bot "LINE Emulator OA") and two users: Brown (a friend) and Cony (not a friend).
    public static var `default`: EmulatorConfiguration {
        var configuration = EmulatorConfiguration(
            channels: [
                EmulatorChannel(
                    channelID: "1234567890",
                    channelSecret: RandomToken.hex(byteCount: 16),
                    callbackURLs: ["http://127.0.0.1/callback"],
                    botName: "LINE Emulator OA"
                )
            ],
            users: [
                EmulatorUser(
                    userID: "U4af4980629e3b1d6e1c0a6b1b1c3e9f1",
                    displayName: "Brown",
                    pictureURL: "https://profile.line-scdn.net/0h-emulator-brown",
                    statusMessage: "Hello, LINE!",
                    email: "brown@example.com",
                    password: "brown",
                    isFriend: true
                ),
                EmulatorUser(
                    userID: "U8d1a7c0e5b4f3a2918e7d6c5b4a39281",
                    displayName: "Cony",
                    pictureURL: "https://profile.line-scdn.net/0h-emulator-cony",
                    statusMessage: nil,
                    email: "cony@example.com",
                    password: "cony",
                    isFriend: false
                ),
            ]
        )
        configuration.generatedSecretChannelIDs = ["1234567890"]
        return configuration
    }

    /// Loads a configuration from a JSON file. Missing fields take the values of ``default``.
    /// - Parameter url: A file URL.
    /// - Throws: File, decoding, or ``EmulatorConfigurationError`` validation errors.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw EmulatorConfigurationError.unreadable(url.path) }
        do { self = try JSONDecoder().decode(EmulatorConfiguration.self, from: data) } catch let error as DecodingError {
            throw EmulatorConfigurationError(error, in: data)
        }
        try validate()
    }

    private enum CodingKeys: String, CodingKey {
        case channels, users, accessTokenLifetime, refreshTokenLifetime, rotateRefreshTokens
        case keyRotationGracePeriod, autoApproveUserID, testControls, issuer
    }

    /// Decodes a configuration; every field is optional and defaults to the value in ``default``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fallback = EmulatorConfiguration.default
        if let channels = try container.decodeIfPresent([EmulatorChannel].self, forKey: .channels) {
            self.channels = channels
        } else {
            self.channels = fallback.channels
            self.generatedSecretChannelIDs = fallback.generatedSecretChannelIDs
        }
        self.users = try container.decodeIfPresent([EmulatorUser].self, forKey: .users) ?? fallback.users
        self.accessTokenLifetime =
            try container.decodeIfPresent(TimeInterval.self, forKey: .accessTokenLifetime)
            ?? fallback.accessTokenLifetime
        self.refreshTokenLifetime =
            try container.decodeIfPresent(TimeInterval.self, forKey: .refreshTokenLifetime)
            ?? fallback.refreshTokenLifetime
        self.rotateRefreshTokens =
            try container.decodeIfPresent(Bool.self, forKey: .rotateRefreshTokens) ?? fallback.rotateRefreshTokens
        self.keyRotationGracePeriod =
            try container.decodeIfPresent(TimeInterval.self, forKey: .keyRotationGracePeriod)
            ?? fallback.keyRotationGracePeriod
        self.autoApproveUserID = try container.decodeIfPresent(String.self, forKey: .autoApproveUserID)
        self.testControls = try container.decodeIfPresent(Bool.self, forKey: .testControls) ?? false
        self.issuer = try container.decodeIfPresent(String.self, forKey: .issuer)
    }

    /// Checks the configuration for mistakes that would make the emulator misbehave.
    /// - Throws: ``EmulatorConfigurationError`` describing the first problem found.
    public func validate() throws {
        if channels.isEmpty { throw EmulatorConfigurationError.noChannels }
        var channelIDs = Set<String>()
        for channel in channels {
            if channel.channelID.isEmpty || !channelIDs.insert(channel.channelID).inserted {
                throw EmulatorConfigurationError.invalidChannel(channel.channelID)
            }
            if channel.channelSecret.isEmpty || channel.callbackURLs.isEmpty {
                throw EmulatorConfigurationError.invalidChannel(channel.channelID)
            }
            for callback in channel.callbackURLs where CallbackURLMatcher.components(of: callback) == nil {
                throw EmulatorConfigurationError.invalidCallbackURL(callback)
            }
        }
        var userIDs = Set<String>()
        var emails = Set<String>()
        for user in users {
            if !Self.isValidUserID(user.userID) || !userIDs.insert(user.userID).inserted {
                throw EmulatorConfigurationError.invalidUser(user.userID)
            }
            if let email = user.email, !emails.insert(email.lowercased()).inserted {
                throw EmulatorConfigurationError.invalidUser(user.userID)
            }
        }
        for duration in [accessTokenLifetime, refreshTokenLifetime, keyRotationGracePeriod]
        where !(duration.isFinite && duration >= 0) {
            throw EmulatorConfigurationError.invalidLifetime(duration)
        }
        if let issuer, !Self.isIssuer(issuer) { throw EmulatorConfigurationError.invalidIssuer(issuer) }
    }

    /// Whether `issuer` can be ``issuer``: an absolute `http`/`https` URL with a host, no user info, query or
    /// fragment (OpenID Connect Discovery §3's issuer, with `http` allowed), made of printable ASCII.
    public static func isIssuer(_ issuer: String) -> Bool {
        guard issuer.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
            let components = URLComponents(string: issuer),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil
        else { return false }
        return true
    }

    /// `U` followed by 32 lowercase hex digits.
    static func isValidUserID(_ userID: String) -> Bool {
        let utf8 = Array(userID.utf8)
        guard utf8.count == 33, utf8.first == UInt8(ascii: "U") else { return false }
        return utf8.dropFirst().allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

/// A problem found by ``EmulatorConfiguration/validate()``.
public enum EmulatorConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configuration has no channel.
    case noChannels
    /// A channel has an empty or duplicated ID, an empty secret or no callback URL.
    case invalidChannel(String)
    /// A callback URL is not an absolute URL with a scheme and host.
    case invalidCallbackURL(String)
    /// A user ID is not `U` + 32 lowercase hex digits, or a user ID or email is duplicated.
    case invalidUser(String)
    /// A lifetime is negative or not finite.
    case invalidLifetime(TimeInterval)
    /// The issuer is not an absolute `http` or `https` URL with a host and without a query or fragment.
    case invalidIssuer(String)
    /// The file could not be read.
    case unreadable(String)
    /// The file is not valid JSON.
    case notJSON
    /// A field is missing or has the wrong type: its path (`channels[0].callbackURLs`), the line it is on
    /// when it is in the file, and what is wrong.
    case invalidField(path: String, line: Int?, problem: String)

    /// The field and line a decoding error is about, in words.
    init(_ error: DecodingError, in data: Data) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(into: "") { text, key in
                if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            self = .invalidField(path: field, line: nil, problem: "is missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            self = .invalidField(
                path: path(context.codingPath), line: Self.line(of: context.codingPath, in: data),
                problem: "should be \(Self.name(of: type))")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            self = .invalidField(
                path: path(context.codingPath), line: Self.line(of: context.codingPath, in: data),
                problem: "has a value that can't be used")
        default:
            self = .notJSON
        }
    }

    // The line of the field at `keys`: each named key is looked for after the previous one, so
    // `channels[1].channelID` finds the second channel's ID only when the first is before it.
    private static func line(of keys: [any CodingKey], in data: Data) -> Int? {
        let text = String(decoding: data, as: UTF8.self)
        var position = text.startIndex
        var found = false
        for key in keys where key.intValue == nil {
            guard let range = text.range(of: "\"\(key.stringValue)\"", range: position..<text.endIndex) else { return nil }
            position = range.upperBound
            found = true
        }
        guard found else { return nil }
        return text[..<position].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type, is TimeInterval.Type: "a number"
        case is [Any].Type: "a list"
        case is [String: Any].Type: "an object"
        default: "another kind of value"
        }
    }

    /// A readable explanation.
    public var description: String {
        switch self {
        case .noChannels: "the configuration has no channel"
        case .invalidChannel(let id): "channel \(id): empty or duplicated ID, empty secret, or no callback URL"
        case .invalidCallbackURL(let url): "callback URL \(url) is not an absolute URL with a host"
        case .invalidUser(let id): "user \(id): the ID must be U + 32 lowercase hex digits; IDs and emails must be unique"
        case .invalidLifetime(let value): "lifetime \(value) must be a finite number of seconds ≥ 0"
        case .invalidIssuer(let value):
            "issuer \(value) must be an absolute http or https URL with a host and no query or fragment, such as https://access.line.me"
        case .unreadable(let path): "\(path) could not be read"
        case .notJSON: "the file is not valid JSON"
        case .invalidField(let path, let line, let problem): "\(path)\(line.map { " (line \($0))" } ?? "") \(problem)"
        }
    }
}
#endif
