@testable import ClientTestSupport
import Crypto
import Foundation
import OAuthEngine
@testable import LineSDK
import LineLoginPrimitives

/// A fake LINE platform served through the `HTTPTransport` seam: token (authorization code with a PKCE
/// check, refresh), JWKS (one ES256 key generated per instance), profile, friendship, access-token verify
/// and revoke. Several channels can use one instance (the `client_id` of each request is honoured).
///
/// `faults` injects failures; counters and the request log let tests assert what was sent.
// @unchecked: `signingKey` is an immutable P256 key, which CryptoKit on older Apple SDKs does not declare
// Sendable; everything mutable is in `state`, the package's lock box.
final class FakeLinePlatform: HTTPTransport, @unchecked Sendable {
    static let baseURL = URL(string: "https://line.test")!
    static let issuer = "https://line.test"

    /// `LinePlatform.custom(baseURL: https://line.test)`.
    var platform: LinePlatform { .custom(baseURL: Self.baseURL) }

    // MARK: Users

    struct User: Sendable {
        var userID: String
        var displayName: String
        var pictureURL: String?
        var statusMessage: String?
        var email: String?
        var isFriend: Bool
    }

    static let defaultUser = User(
        userID: "U4af4980629aabbccddeeff0011223344", displayName: "Brown", pictureURL: "https://profile.line-scdn.test/abcdefghijklmn",
        statusMessage: "Hello, LINE!", email: "brown@line.test", isFriend: true)

    // MARK: Faults

    struct Faults: Sendable {
        /// The next profile request answers 401 (then normal again).
        var profileUnauthorizedOnce = false
        /// Every profile request answers this status with `{"message": …}`.
        var profileStatus: Int?
        /// The profile body is not JSON.
        var profileGarbage = false
        /// The profile body lacks `displayName`.
        var profileMissingFields = false
        /// The profile says another user ID than the ID token's `sub`.
        var profileUserID: String?
        /// Every friendship request answers this status.
        var friendshipStatus: Int?
        /// The verify body is not JSON.
        var verifyGarbage = false
        /// The verify body lacks `client_id`.
        var verifyMissingFields = false
        /// Refresh answers 400 `invalid_grant`.
        var refreshInvalidGrant = false
        /// Refresh answers this status (e.g. 503).
        var refreshStatus: Int?
        /// The code exchange answers this status with an OAuth error body.
        var tokenStatus: Int?
        /// The code exchange answers 200 with a body whose `token_type` is wrong (tokens included).
        var tokenWrongType = false
        /// Revoke answers this status.
        var revokeStatus: Int?
        /// The ID token's `sub` (instead of the user's ID).
        var idTokenSubject: String?
        /// The ID token's `nonce` (instead of the one sent).
        var idTokenNonce: String?
        /// Whether the ID token carries `email` when `email` was granted.
        var idTokenIncludesEmail = true
        /// The token response's `scope` lists `email` too (LINE never does).
        var scopeListsEmail = false
        /// Every request to this path fails below HTTP.
        var transportFailure: (path: String, error: TransportError)?
        /// The discovery document names this JWKS path (served with the same keys) instead of LINE's.
        var discoveryJWKSPath: String?
        /// The discovery document claims this issuer.
        var discoveryIssuer: String?
    }

    // MARK: State

    struct PendingCode {
        var clientID: String
        var redirectURI: String
        var codeChallenge: String?
        var codeChallengeMethod: String?
        var nonce: String?
        var scopes: [String]
        var maxAge: Int?
        var user: User
    }

    struct IssuedAccessToken {
        var clientID: String
        var scopes: [String]
        var user: User
        var expiresIn: Int
    }

    struct IssuedRefreshToken {
        var clientID: String
        var scopes: [String]
        var user: User
        var accessToken: String
    }

    /// One request as the platform saw it.
    struct RecordedRequest: Sendable {
        var method: String
        var path: String
        var query: [(String, String)]
        var headers: [String: String]
        var form: [(String, String)]

        func field(_ name: String) -> String? { form.first { $0.0 == name }?.1 }
        func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }
    }

    private struct State {
        var faults = Faults()
        var user = FakeLinePlatform.defaultUser
        var codes: [String: PendingCode] = [:]
        var accessTokens: [String: IssuedAccessToken] = [:]
        var refreshTokens: [String: IssuedRefreshToken] = [:]
        var requests: [RecordedRequest] = []
        var secrets: [String] = []
        var requestCounter = 0
        var lastRequestID: String?
        var pkceChecks = 0
        var rejectedExchanges = 0
    }

    let signingKey = P256.Signing.PrivateKey()
    let keyID = "fake-es256-key"
    private let state = Locked(State())

    init(user: User = FakeLinePlatform.defaultUser) {
        state.withLock { $0.user = user }
    }

    // MARK: Switches and inspection

    func setFaults(_ change: (inout Faults) -> Void) { state.withLock { change(&$0.faults) } }
    var faults: Faults { state.current.faults }
    var user: User { state.current.user }

    var requests: [RecordedRequest] { state.current.requests }
    func requests(to path: String) -> [RecordedRequest] { requests.filter { $0.path == path } }
    func count(_ path: String) -> Int { requests(to: path).count }

    /// Token requests with `grant_type=authorization_code`.
    var codeExchanges: [RecordedRequest] { requests(to: Paths.token).filter { $0.field("grant_type") == "authorization_code" } }
    /// Token requests with `grant_type=refresh_token`.
    var refreshRequests: [RecordedRequest] { requests(to: Paths.token).filter { $0.field("grant_type") == "refresh_token" } }
    var revokeRequests: [RecordedRequest] { requests(to: Paths.revoke) }
    /// How many code exchanges passed the PKCE check.
    var pkceChecks: Int { state.current.pkceChecks }
    /// How many code exchanges were refused (unknown code, wrong redirect, PKCE failure).
    var rejectedExchanges: Int { state.current.rejectedExchanges }
    /// The `x-line-request-id` of the last response.
    var lastRequestID: String? { state.current.lastRequestID }
    /// Every access token, refresh token, ID token and code this platform handed out.
    var issuedSecrets: [String] { state.current.secrets }
    /// Whether the access token is still valid here.
    func isValidAccessToken(_ token: String) -> Bool { state.current.accessTokens[token] != nil }
    func isValidRefreshToken(_ token: String) -> Bool { state.current.refreshTokens[token] != nil }
    /// Makes an access token invalid here (expired server-side): API calls with it answer 401.
    func expireAccessToken(_ token: String) { state.withLock { _ = $0.accessTokens.removeValue(forKey: token) } }

    enum Paths {
        static let token = "/oauth2/v2.1/token"
        static let certs = "/oauth2/v2.1/certs"
        static let verify = "/oauth2/v2.1/verify"
        static let revoke = "/oauth2/v2.1/revoke"
        static let profile = "/v2/profile"
        static let friendship = "/friendship/v1/status"
        static let authorize = "/oauth2/v2.1/authorize"
        static let discovery = "/.well-known/openid-configuration"
    }

    // MARK: Authorization (called by the fake user agent)

    /// Registers the authorization request the fake browser received and returns a fresh code for it.
    func authorize(_ query: [String: String]) -> String {
        let code = "code-" + Self.randomHex(16)
        state.withLock { state in
            state.codes[code] = PendingCode(
                clientID: query["client_id"] ?? "", redirectURI: query["redirect_uri"] ?? "",
                codeChallenge: query["code_challenge"], codeChallengeMethod: query["code_challenge_method"],
                nonce: query["nonce"], scopes: (query["scope"] ?? "").split(separator: " ").map(String.init),
                maxAge: query["max_age"].flatMap(Int.init), user: state.user)
            state.secrets.append(code)
        }
        return code
    }

    /// Issues tokens directly (a session that existed before the app started).
    func issueTokens(clientID: String, scopes: [String], expiresIn: Int = 2_592_000) -> TokenSet {
        let access = "at-" + Self.randomHex(24)
        let refresh = "rt-" + Self.randomHex(24)
        state.withLock { state in
            state.accessTokens[access] = IssuedAccessToken(clientID: clientID, scopes: scopes, user: state.user, expiresIn: expiresIn)
            state.refreshTokens[refresh] = IssuedRefreshToken(clientID: clientID, scopes: scopes, user: state.user, accessToken: access)
            state.secrets += [access, refresh]
        }
        let now = Date()
        return TokenSet(
            accessToken: access, refreshToken: refresh, idToken: nil, scopes: scopes, issuedAt: now,
            expiresAt: now.addingTimeInterval(TimeInterval(expiresIn)))
    }

    // MARK: HTTPTransport

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let path = components?.path ?? request.url.path
        let query = FormEncoding.decode(components?.percentEncodedQuery ?? "") ?? []
        let form = request.body.flatMap { String(data: $0, encoding: .utf8) }.flatMap(FormEncoding.decode) ?? []
        let recorded = RecordedRequest(method: request.method, path: path, query: query, headers: request.headers, form: form)
        let (requestID, faults) = state.withLock { state -> (String, Faults) in
            state.requests.append(recorded)
            state.requestCounter += 1
            let id = "req-\(state.requestCounter)-" + Self.randomHex(4)
            state.lastRequestID = id
            return (id, state.faults)
        }
        if let failure = faults.transportFailure, failure.path == path { throw failure.error }
        var response = route(recorded)
        response.headers["x-line-request-id"] = requestID
        return response
    }

    private func route(_ request: RecordedRequest) -> HTTPResponse {
        guard request.path.hasPrefix("/") else { return Self.json(404, ["message": "Not found"]) }
        switch (request.method, request.path) {
        case ("POST", Paths.token): return token(request)
        case ("GET", Paths.certs): return certs()
        case ("GET", Paths.discovery):
            return Self.json(
                200,
                [
                    "issuer": faults.discoveryIssuer ?? Self.issuer, "authorization_endpoint": Self.issuer + Paths.authorize,
                    "token_endpoint": Self.issuer + Paths.token, "jwks_uri": Self.issuer + (faults.discoveryJWKSPath ?? Paths.certs),
                    "response_types_supported": ["code"], "subject_types_supported": ["pairwise"],
                    "id_token_signing_alg_values_supported": ["ES256"],
                ])
        case ("GET", let path) where path == faults.discoveryJWKSPath: return certs()
        case ("GET", Paths.verify): return verify(request)
        case ("POST", Paths.revoke): return revoke(request)
        case ("GET", Paths.profile): return profile(request)
        case ("GET", Paths.friendship): return friendship(request)
        default: return Self.json(404, ["message": "Not found"])
        }
    }

    // MARK: Token endpoint

    private func token(_ request: RecordedRequest) -> HTTPResponse {
        guard
            request.headers.contains(where: {
                $0.key.lowercased() == "content-type" && $0.value.hasPrefix("application/x-www-form-urlencoded")
            })
        else {
            return Self.json(400, ["error": "invalid_request", "error_description": "form body expected"])
        }
        switch request.field("grant_type") {
        case "authorization_code": return exchange(request)
        case "refresh_token": return refresh(request)
        default: return Self.json(400, ["error": "unsupported_grant_type"])
        }
    }

    private func exchange(_ request: RecordedRequest) -> HTTPResponse {
        let faults = self.faults
        if let status = faults.tokenStatus {
            return Self.json(status, ["error": status >= 500 ? "server_error" : "invalid_request", "error_description": "injected"])
        }
        // The code is single use whether or not the exchange succeeds.
        let pending = state.withLock { $0.codes.removeValue(forKey: request.field("code") ?? "") }
        func reject(_ why: String) -> HTTPResponse {
            state.withLock { $0.rejectedExchanges += 1 }
            return Self.json(400, ["error": "invalid_grant", "error_description": why])
        }
        guard let pending else { return reject("invalid authorization code") }
        guard request.field("redirect_uri") == pending.redirectURI else { return reject("redirect_uri does not match") }
        guard request.field("client_id") == pending.clientID else { return reject("client_id does not match") }
        if let challenge = pending.codeChallenge {
            guard pending.codeChallengeMethod == "S256", let verifier = request.field("code_verifier"),
                (43...128).contains(verifier.count),
                Base64URL.encode(SHA256.hash(data: Data(verifier.utf8))) == challenge
            else {
                return reject("invalid code_verifier")
            }
            state.withLock { $0.pkceChecks += 1 }
        }
        var scopes = pending.scopes
        let access = "at-" + Self.randomHex(24)
        let refresh = "rt-" + Self.randomHex(24)
        let expiresIn = 2_592_000
        var body: [String: Any] = [
            "access_token": access, "refresh_token": refresh, "expires_in": expiresIn, "token_type": "Bearer",
        ]
        if !faults.scopeListsEmail { scopes.removeAll { $0 == "email" } }
        body["scope"] = scopes.joined(separator: " ")
        var idToken: String?
        if pending.scopes.contains("openid") {
            let token = makeIDToken(
                clientID: pending.clientID, user: pending.user, nonce: faults.idTokenNonce ?? pending.nonce,
                scopes: pending.scopes, maxAge: pending.maxAge, subject: faults.idTokenSubject,
                includeEmail: faults.idTokenIncludesEmail)
            body["id_token"] = token
            idToken = token
        }
        if faults.tokenWrongType { body["token_type"] = "mac" }
        state.withLock { state in
            state.accessTokens[access] = IssuedAccessToken(
                clientID: pending.clientID, scopes: pending.scopes, user: pending.user, expiresIn: expiresIn)
            state.refreshTokens[refresh] = IssuedRefreshToken(
                clientID: pending.clientID, scopes: pending.scopes, user: pending.user, accessToken: access)
            state.secrets += [access, refresh] + (idToken.map { [$0] } ?? [])
        }
        return Self.json(200, body)
    }

    private func refresh(_ request: RecordedRequest) -> HTTPResponse {
        let faults = self.faults
        if faults.refreshInvalidGrant { return Self.json(400, ["error": "invalid_grant", "error_description": "invalid refresh token"]) }
        if let status = faults.refreshStatus { return Self.json(status, ["error": "server_error", "error_description": "injected"]) }
        let token = request.field("refresh_token") ?? ""
        let result = state.withLock { state -> (String, IssuedRefreshToken)? in
            guard var record = state.refreshTokens[token], record.clientID == request.field("client_id") else { return nil }
            state.accessTokens[record.accessToken] = nil
            let access = "at-" + Self.randomHex(24)
            record.accessToken = access
            state.refreshTokens[token] = record
            state.accessTokens[access] = IssuedAccessToken(
                clientID: record.clientID, scopes: record.scopes, user: record.user, expiresIn: 2_592_000)
            state.secrets.append(access)
            return (access, record)
        }
        guard let (access, record) = result else {
            return Self.json(400, ["error": "invalid_grant", "error_description": "invalid refresh token"])
        }
        // Same refresh token back, no id_token (LINE's refresh responses carry none).
        return Self.json(
            200,
            [
                "access_token": access, "refresh_token": token, "expires_in": 2_592_000, "token_type": "Bearer",
                "scope": record.scopes.filter { $0 != "email" }.joined(separator: " "),
            ])
    }

    // MARK: Other endpoints

    private func certs() -> HTTPResponse {
        let raw = signingKey.publicKey.rawRepresentation
        let x = Base64URL.encode(raw.prefix(32))
        let y = Base64URL.encode(raw.suffix(32))
        return Self.json(200, ["keys": [["kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": keyID, "x": x, "y": y]]])
    }

    private func verify(_ request: RecordedRequest) -> HTTPResponse {
        let faults = self.faults
        if faults.verifyGarbage {
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("<html>oops".utf8))
        }
        guard let token = request.queryValue("access_token"), let record = state.current.accessTokens[token] else {
            return Self.json(400, ["error": "invalid_request", "error_description": "invalid access token"])
        }
        if faults.verifyMissingFields { return Self.json(200, ["scope": record.scopes.joined(separator: " ")]) }
        return Self.json(
            200, ["scope": record.scopes.joined(separator: " "), "client_id": record.clientID, "expires_in": record.expiresIn - 1])
    }

    private func revoke(_ request: RecordedRequest) -> HTTPResponse {
        if let status = faults.revokeStatus {
            return Self.json(status, ["error": "invalid_request", "error_description": "injected"])
        }
        state.withLock { state in
            if let refresh = request.field("refresh_token"), let record = state.refreshTokens.removeValue(forKey: refresh) {
                state.accessTokens[record.accessToken] = nil
            }
            if let access = request.field("access_token") { state.accessTokens[access] = nil }
        }
        return HTTPResponse(statusCode: 200)
    }

    private func bearer(_ request: RecordedRequest) -> IssuedAccessToken? {
        guard let header = request.headers.first(where: { $0.key.lowercased() == "authorization" })?.value,
            header.hasPrefix("Bearer ")
        else { return nil }
        return state.current.accessTokens[String(header.dropFirst("Bearer ".count))]
    }

    private func profile(_ request: RecordedRequest) -> HTTPResponse {
        let unauthorizedOnce = state.withLock { state -> Bool in
            defer { state.faults.profileUnauthorizedOnce = false }
            return state.faults.profileUnauthorizedOnce
        }
        if unauthorizedOnce { return Self.json(401, ["message": "The access token expired"]) }
        let faults = self.faults
        if let status = faults.profileStatus { return Self.json(status, ["message": "injected \(status)"]) }
        guard let record = bearer(request) else { return Self.json(401, ["message": "invalid token"]) }
        guard record.scopes.contains("profile") else { return Self.json(403, ["message": "Not allowed to use the API"]) }
        if faults.profileGarbage {
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("{\"userId\": ".utf8))
        }
        var body: [String: Any] = ["userId": faults.profileUserID ?? record.user.userID]
        if !faults.profileMissingFields { body["displayName"] = record.user.displayName }
        if let picture = record.user.pictureURL { body["pictureUrl"] = picture }
        if let status = record.user.statusMessage { body["statusMessage"] = status }
        return Self.json(200, body)
    }

    private func friendship(_ request: RecordedRequest) -> HTTPResponse {
        if let status = faults.friendshipStatus { return Self.json(status, ["message": "injected \(status)"]) }
        guard let record = bearer(request) else { return Self.json(401, ["message": "invalid token"]) }
        guard record.scopes.contains("profile") else { return Self.json(403, ["message": "Not allowed to use the API"]) }
        return Self.json(200, ["friendFlag": record.user.isFriend])
    }

    // MARK: ID tokens

    /// An ES256 compact JWS signed with this platform's key.
    func makeIDToken(
        clientID: String, user: User, nonce: String?, scopes: [String], maxAge: Int? = nil, subject: String? = nil,
        includeEmail: Bool = true, issuer: String = FakeLinePlatform.issuer, lifetime: Int = 3600
    ) -> String {
        let now = Int(Date().timeIntervalSince1970)
        var claims: [String: Any] = [
            "iss": issuer, "sub": subject ?? user.userID, "aud": clientID, "exp": now + lifetime, "iat": now, "amr": ["linesso"],
        ]
        if let nonce { claims["nonce"] = nonce }
        if maxAge != nil { claims["auth_time"] = now - 5 }
        if scopes.contains("profile") {
            claims["name"] = user.displayName
            if let picture = user.pictureURL { claims["picture"] = picture }
        }
        if scopes.contains("email"), includeEmail, let email = user.email { claims["email"] = email }
        return sign(claims: claims)
    }

    /// Signs any claim set (for JWT parsing tests).
    func sign(claims: [String: Any]) -> String {
        let header: [String: Any] = ["alg": "ES256", "typ": "JWT", "kid": keyID]
        let input = Self.encodeSegment(header) + "." + Self.encodeSegment(claims)
        // swift-crypto's raw representation of an ECDSA signature is r || s, as JWS wants.
        let signature = try! signingKey.signature(for: Data(input.utf8)) // a fresh in-memory key always signs
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    private static func encodeSegment(_ object: [String: Any]) -> String {
        Base64URL.encode(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) // literal dictionaries
    }

    // MARK: Helpers

    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: data)
    }

    static func randomHex(_ bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
