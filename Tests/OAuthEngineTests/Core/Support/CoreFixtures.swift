@testable import ClientTestSupport
import Crypto
import Foundation
@testable import OAuthEngine
import CryptoExtras
import LineLoginPrimitives

/// Constants and builders shared by the core tests: one provider, one client, valid claims.
enum CoreFixtures {
    static let issuer = "https://issuer.example"
    static let clientID = "1234567890"
    /// 32 bytes: the minimum HS256 key length.
    static let secret = "0123456789abcdef0123456789abcdef"
    static let subject = "U4af4980629a1b2c3d4e5f60718293a4b"
    static let nonce = "n-0S6_WzA2Mj-nonce-value"

    static let authorizationEndpoint = URL(string: "https://issuer.example/oauth2/authorize")!
    static let tokenEndpoint = URL(string: "https://api.issuer.example/oauth2/token")!
    static let jwksURI = URL(string: "https://api.issuer.example/oauth2/certs")!
    static let revocationEndpoint = URL(string: "https://api.issuer.example/oauth2/revoke")!
    static let userinfoEndpoint = URL(string: "https://api.issuer.example/oauth2/userinfo")!
    static let redirectURI = URL(string: "https://app.example/callback")!

    static let tokenPath = tokenEndpoint.path
    static let jwksPath = jwksURI.path
    static let revokePath = revocationEndpoint.path

    /// A configuration with every endpoint set.
    static func configuration(
        clientSecret: String? = nil, authentication: ClientAuthentication? = nil,
        algorithms: Set<JWSAlgorithm> = [.es256, .rs256], quirks: ProviderQuirks = []
    ) -> ProviderConfiguration {
        ProviderConfiguration(
            endpoints: ProviderEndpoints(
                issuer: issuer, authorizationEndpoint: authorizationEndpoint, tokenEndpoint: tokenEndpoint,
                jwksURI: jwksURI, userinfoEndpoint: userinfoEndpoint, revocationEndpoint: revocationEndpoint),
            clientID: clientID,
            clientSecret: clientSecret, clientAuthentication: authentication, idTokenAlgorithms: algorithms, quirks: quirks)
    }

    /// A valid claim set at `now`: iss, sub, aud, exp (+1 h), iat, nonce; then `overrides`, then `removing`.
    static func claims(now: Date, nonce: String? = CoreFixtures.nonce, overrides: [String: Any] = [:], removing: [String] = []) -> [String:
        Any]
    {
        let seconds = Int(now.timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": issuer, "sub": subject, "aud": clientID,
            "exp": seconds + 3600, "iat": seconds, "amr": ["pwd"], "name": "Alice",
        ]
        if let nonce { claims["nonce"] = nonce }
        for (name, value) in overrides { claims[name] = value }
        for name in removing { claims[name] = nil }
        return claims
    }

    /// The JWKS with the shared EC key (`kid` "ec-1") and RSA key ("rsa-1").
    static func defaultJWKS() -> Data {
        TestTokenSigner.jwks([
            TestTokenSigner.ecJWK(TestTokenSigner.ecKey.publicKey, kid: "ec-1"),
            TestTokenSigner.rsaJWK(TestTokenSigner.rsaKey.publicKey, kid: "rsa-1"),
        ])
    }

    /// A token-endpoint success body.
    static func tokenResponse(
        accessToken: String = "access-token-1", refreshToken: String? = "refresh-token-1", idToken: String? = nil,
        expiresIn: Any? = 3600, tokenType: String? = "Bearer", scope: String? = "openid profile"
    ) -> HTTPResponse {
        var object: [String: Any] = ["access_token": accessToken]
        if let refreshToken { object["refresh_token"] = refreshToken }
        if let idToken { object["id_token"] = idToken }
        if let expiresIn { object["expires_in"] = expiresIn }
        if let tokenType { object["token_type"] = tokenType }
        if let scope { object["scope"] = scope }
        return .json(200, object)
    }

    /// A stored token set expiring `lifetime` seconds after `now`.
    static func tokenSet(
        accessToken: String = "access-token-0", refreshToken: String? = "refresh-token-0",
        idToken: String? = "id.token.zero", now: Date, lifetime: TimeInterval = 3600
    ) -> TokenSet {
        TokenSet(
            accessToken: accessToken, refreshToken: refreshToken, idToken: idToken, scopes: ["openid", "profile"],
            issuedAt: now, expiresAt: now.addingTimeInterval(lifetime))
    }

    /// The query of a URL as name/value pairs, decoded.
    static func queryPairs(_ url: URL) -> [(String, String)] {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
        return FormEncoding.decode(query) ?? []
    }

    /// The query of a URL as a dictionary (last value wins).
    static func query(_ url: URL) -> [String: String] {
        Dictionary(queryPairs(url), uniquingKeysWith: { _, last in last })
    }
}

/// A user agent that "signs the user in" at once: its session answers the authorization URL with a
/// callback to that URL's `redirect_uri`, carrying its `state` and a code (or whatever `respond` builds).
struct CoreFakeUserAgent: UserAgent {
    /// Builds the callback from the authorization URL.
    typealias Respond = @Sendable (URL) -> URL

    let redirectURI: URL
    let presented = Locked<[URL]>([])
    let respond: Respond

    init(redirectURI: URL = CoreFixtures.redirectURI, respond: @escaping Respond = { CoreFakeUserAgent.callback(for: $0) }) {
        self.redirectURI = redirectURI
        self.respond = respond
    }

    func beginSession(redirectURI configured: URL?) async throws(UserAgentError) -> any UserAgentSession {
        Session(redirectURI: configured ?? redirectURI, presented: presented, respond: respond)
    }

    /// `<redirect_uri>?code=…&state=<state>` plus `extra`; `state` replaces the request's state when given.
    static func callback(
        for authorizationURL: URL, code: String = "authorization-code-1", state: String? = nil,
        extra: [(String, String)] = []
    ) -> URL {
        let query = CoreFixtures.query(authorizationURL)
        var fields: [(String, String)] = [("code", code), ("state", state ?? query["state"] ?? "")]
        fields.append(contentsOf: extra)
        return URL(string: (query["redirect_uri"] ?? "") + "?" + FormEncoding.encode(fields))!
    }

    private struct Session: UserAgentSession {
        let redirectURI: URL
        let presented: Locked<[URL]>
        let respond: Respond

        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
            presented.withLock { $0.append(authorizationURL) }
            return respond(authorizationURL)
        }

        func cancel() {}
    }
}

extension Result {
    /// The failure, or `nil`.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A ``TokenStore`` whose `load` waits until ``release()`` (a slow file or Keychain read at launch),
/// so a test can act while a load is pending.
actor CoreGatedStore: TokenStore {
    private var tokens: TokenSet?
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var loadCount = 0

    init(tokens: TokenSet?) {
        self.tokens = tokens
    }

    func load() async throws(TokenStoreError) -> TokenSet? {
        loadCount += 1
        if !isOpen { await withCheckedContinuation { waiters.append($0) } }
        return tokens
    }

    func save(_ tokens: TokenSet) async throws(TokenStoreError) { self.tokens = tokens }

    func clear() async throws(TokenStoreError) { tokens = nil }

    /// Lets pending and future loads finish.
    func release() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// Waits until `condition` holds (a counter reached, a state entered), checking every millisecond for
/// as long as that takes: a test waits for the event it needs, never for a wall-clock deadline that a slow
/// run (a sanitizer, a busy machine) can miss.
func coreWaitUntil(_ condition: @Sendable () async -> Bool) async {
    while await !condition() {
        try? await Task.sleep(for: .milliseconds(1))
    }
}
