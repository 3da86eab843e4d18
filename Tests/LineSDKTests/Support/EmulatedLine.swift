#if Emulator
import Foundation
import LineLoginEmulator
import LineLoginTesting
import LineLoginPrimitives
import OAuthEngine
import LineSDK
import Testing

/// LINE for LineSDK's tests: the emulator (``TestLinePlatform``, in this process, on a free port) seen through a
/// transport that records every request the app sends and can inject the faults the emulator can't play.
///
/// Every LINE behaviour (codes, PKCE, tokens, refresh, revoke, profile, friendship, verify, ID tokens, JWKS,
/// discovery) comes from the emulator, so a change of LINE's behaviour lands in one place. A ``Faults`` value only
/// answers instead of LINE (an outage, a status, a body no LINE sends) or rewrites one of its answers; it never
/// models LINE. What the emulator can play is played there: an expired access token (``expireAccessTokens()``), a
/// revoked refresh token (``revoke(refreshToken:)``), a user without an email address (the user's configuration),
/// a nonce an attacker swapped (``FakeUserAgent/tamperedNonce``).
final class EmulatedLine: HTTPTransport, Sendable {
    /// The emulator.
    let line: TestLinePlatform
    private let base: any HTTPTransport
    private let state = LockedValue(State())

    /// Brown, a friend of the channels' official account, with a picture, a status message and an email address.
    static let defaultUser = EmulatorUser(
        userID: "U4af4980629aabbccddeeff0011223344", displayName: "Brown", pictureURL: "https://profile.line-scdn.test/abcdefghijklmn",
        statusMessage: "Hello, LINE!", email: "brown@line.test", password: "brown", isFriend: true)

    /// The iOS bundle ID every channel accepts `line3rdp.<bundle ID>://authorize/` for.
    static let bundleIdentifier = "com.example.lineapp"
    /// The callback URLs every channel registers: the scripted agent's default, another one a test configures, and
    /// a universal link.
    static let callbackURLs = [
        "https://app.line.test/line-callback", "https://app.line.test/registered-callback", "https://app.example.com/line-auth/",
    ]

    private init(line: TestLinePlatform, base: any HTTPTransport) {
        self.line = line
        self.base = base
    }

    /// Starts the emulator with one channel per ID (each accepting ``callbackURLs`` and the app's callback) and
    /// `users`; the test's ``EmulatedLineScope`` stops it when the test ends.
    /// - Throws: ``EmulatedLineScope/Missing`` outside a test with the `.emulatedLine` trait.
    static func start(channelIDs: [String] = [LineTestEnvironment.channelID], users: [EmulatorUser] = [defaultUser]) async throws
        -> EmulatedLine
    {
        guard let scope = EmulatedLineScope.current else { throw EmulatedLineScope.Missing() }
        let channels = channelIDs.map { id in
            EmulatorChannel(
                channelID: id, channelSecret: "secret-of-\(id)", callbackURLs: callbackURLs, botName: "Brown & Cony",
                allowedScopes: ["profile", "openid", "email", "onetime.share"], iOSBundleID: bundleIdentifier)
        }
        let line = try await TestLinePlatform.start(channels: channels, users: users)
        let platform = EmulatedLine(line: line, base: URLSessionTransport())
        scope.started(platform)
        return platform
    }

    func stop() async { await line.stop() }

    // MARK: What the app is pointed at

    /// LINE's endpoints on the emulator.
    var platform: LinePlatform { line.platform }
    /// The ID tokens' `iss`.
    var issuer: String { line.issuer }

    // MARK: Faults

    /// What the emulator can't be made to do: each one answers instead of LINE, or rewrites LINE's answer.
    struct Faults: Sendable {
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
        /// Refresh answers this status (e.g. 503).
        var refreshStatus: Int?
        /// The code exchange answers this status with an OAuth error body.
        var tokenStatus: Int?
        /// The code exchange answers 200 with a body whose `token_type` is wrong (tokens included).
        var tokenWrongType = false
        /// Revoke answers this status.
        var revokeStatus: Int?
        /// The token response's `scope` lists `email` too (LINE never does).
        var scopeListsEmail = false
        /// Every request to this path fails below HTTP.
        var transportFailure: (path: String, error: TransportError)?
        /// The discovery document names this JWKS path (served with the emulator's keys) instead of LINE's.
        var discoveryJWKSPath: String?
        /// The discovery document claims this issuer.
        var discoveryIssuer: String?
    }

    func setFaults(_ change: (inout Faults) -> Void) { state.withLock { change(&$0.faults) } }

    // MARK: What the emulator plays

    /// Makes every access token invalid at the emulator (expired server-side): API calls with them answer 401.
    func expireAccessTokens() { line.expireAccessTokens() }

    /// Revokes a refresh token at the emulator, as another device's logout does: refreshing with it answers
    /// `invalid_grant`.
    func revoke(refreshToken: String, channelID: String = LineTestEnvironment.channelID) async throws {
        try await revoke(("refresh_token", refreshToken), channelID: channelID)
    }

    /// Revokes an access token at the emulator (not through the app).
    func revoke(accessToken: String, channelID: String = LineTestEnvironment.channelID) async throws {
        try await revoke(("access_token", accessToken), channelID: channelID)
    }

    private func revoke(_ token: (String, String), channelID: String) async throws {
        let request = HTTPRequest.form(
            url: line.url.appendingPathComponent("oauth2/v2.1/revoke"), fields: [token, ("client_id", channelID)])
        let response = try await base.send(request)
        guard response.statusCode == 200 else { throw RevokeRefused(status: response.statusCode) }
    }

    struct NoRefreshToken: Error {}
    /// The emulator refused a revoke the test asked for.
    struct RevokeRefused: Error { var status: Int }

    /// Whether the emulator still accepts the access token (its verify endpoint; not recorded).
    func isValidAccessToken(_ token: String) async -> Bool {
        var components = URLComponents(url: line.url.appendingPathComponent("oauth2/v2.1/verify"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "access_token", value: token)]
        guard let url = components?.url, let response = try? await base.send(HTTPRequest(url: url)) else { return false }
        return response.statusCode == 200
    }

    /// Tokens issued by the emulator through a sign-in of its own (a session that existed before the app started).
    /// - Parameter expiresIn: when the app believes the access token expires (the emulator's lifetime when `nil`).
    func issueTokens(clientID: String = LineTestEnvironment.channelID, scopes: [String], expiresIn: TimeInterval? = nil) async throws
        -> TokenSet
    {
        let tokens = try await line.signIn(channelID: clientID, scopes: scopes)
        noteIssued([tokens.accessToken, tokens.refreshToken, tokens.IDToken].compactMap { $0 })
        let now = Date()
        return TokenSet(
            accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, idToken: tokens.IDToken, scopes: tokens.scopes,
            issuedAt: now, expiresAt: now.addingTimeInterval(expiresIn ?? tokens.expiresIn ?? 2_592_000))
    }

    /// Shows `authorizationURL` to the emulator, where the first user signs in and allows, and returns LINE's
    /// redirect fields (`code`, `state`, … or `error`, …) and the code, if LINE issued one.
    func approve(_ authorizationURL: URL, redirectURI: URL) async throws(UserAgentError) -> (code: String?, fields: [(String, String)]) {
        let callback: URL
        do {
            callback = try await line.browser().beginSession(redirectURI: redirectURI).present(authorizationURL)
        } catch let error as UserAgentError {
            throw error
        } catch {
            throw .unavailable("\(error)")
        }
        let fields = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems?.map { ($0.name, $0.value ?? "") } ?? []
        let code = fields.first { $0.0 == "code" }?.1
        if let code { noteIssued([code]) }
        return (code, fields)
    }

    /// The emulator's counters (tokens alive, refreshes answered).
    var stats: EmulatorStats { line.emulator.stats }

    // MARK: What the app sent

    /// One request as the app sent it.
    struct RecordedRequest: Sendable {
        var method: String
        var path: String
        var query: [(String, String)]
        var headers: [String: String]
        var form: [(String, String)]

        func field(_ name: String) -> String? { form.first { $0.0 == name }?.1 }
        func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }
    }

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

    var requests: [RecordedRequest] { state.current.requests }
    func requests(to path: String) -> [RecordedRequest] { requests.filter { $0.path == path } }
    func count(_ path: String) -> Int { requests(to: path).count }
    /// Token requests with `grant_type=authorization_code`.
    var codeExchanges: [RecordedRequest] { requests(to: Paths.token).filter { $0.field("grant_type") == "authorization_code" } }
    /// Token requests with `grant_type=refresh_token`.
    var refreshRequests: [RecordedRequest] { requests(to: Paths.token).filter { $0.field("grant_type") == "refresh_token" } }
    var revokeRequests: [RecordedRequest] { requests(to: Paths.revoke) }
    /// The `x-line-request-id` of the last answer.
    var lastRequestID: String? { state.current.lastRequestID }
    /// Every code, access, refresh and ID token this platform handed out (to tell this test's notifications from
    /// another's: notifications are process-wide).
    var issuedSecrets: [String] { state.current.secrets }

    func noteIssued(_ secrets: [String]) { state.withLock { $0.secrets += secrets } }

    // MARK: HTTPTransport

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let recorded = RecordedRequest(request)
        let faults = state.withLock { state -> Faults in
            state.requests.append(recorded)
            return state.faults
        }
        if let failure = faults.transportFailure, failure.path == recorded.path { throw failure.error }
        if let injected = faults.answer(instead: recorded) {
            let id = "injected-" + UUID().uuidString.prefix(8).lowercased()
            state.withLock { $0.lastRequestID = id }
            var response = injected
            response.headers["x-line-request-id"] = id
            return response
        }
        var forwarded = request
        if let path = faults.discoveryJWKSPath, recorded.path == path {
            forwarded.url = line.url.appendingPathComponent(String(Paths.certs.dropFirst()))
        }
        let answer: HTTPResponse
        do { answer = faults.rewrite(try await base.send(forwarded), of: recorded) } catch let error as TransportError {
            throw error
        } catch {
            throw .cancelled
        }
        state.withLock { state in
            state.lastRequestID = answer.headers["x-line-request-id"]
            if recorded.path == Paths.token, let object = Self.object(answer.body) {
                state.secrets += ["access_token", "refresh_token", "id_token"].compactMap { object[$0] as? String }
            }
        }
        return answer
    }

    // MARK: JSON

    static func object(_ body: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: data)
    }

    private struct State: Sendable {
        var faults = Faults()
        var requests: [RecordedRequest] = []
        var secrets: [String] = []
        var lastRequestID: String?
    }
}

/// Stops every ``EmulatedLine`` a test started when the test ends (Swift has no `defer { await … }`): give a suite
/// or a test the `.emulatedLine` trait.
struct EmulatedLineScope: SuiteTrait, TestTrait, TestScoping {
    /// Thrown by ``EmulatedLine/start(channelIDs:users:)`` in a test without the trait.
    struct Missing: Error, CustomStringConvertible {
        var description: String { "EmulatedLine.start() needs the test (or its suite) to have the .emulatedLine trait" }
    }

    @TaskLocal static var current: Platforms?

    /// The platforms one test started.
    final class Platforms: Sendable {
        private let started = LockedValue<[EmulatedLine]>([])
        func started(_ platform: EmulatedLine) { started.withLock { $0.append(platform) } }
        func stopAll() async {
            for platform in started.withLock({ list in
                defer { list = [] }
                return list
            }) { await platform.stop() }
        }
    }

    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let platforms = Platforms()
        do {
            try await Self.$current.withValue(platforms) { try await function() }
        } catch {
            await platforms.stopAll()
            throw error
        }
        await platforms.stopAll()
    }
}

extension Trait where Self == EmulatedLineScope {
    /// Each test starts its own emulators (``EmulatedLine/start(channelIDs:users:)``, ``LineTestEnvironment``), stopped when it ends.
    static var emulatedLine: Self { Self() }
}

extension EmulatedLine.RecordedRequest {
    init(_ request: HTTPRequest) {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        self.init(
            method: request.method, path: components?.path ?? request.url.path,
            query: FormEncoding.decode(components?.percentEncodedQuery ?? "") ?? [], headers: request.headers,
            form: request.body.flatMap { String(data: $0, encoding: .utf8) }.flatMap(FormEncoding.decode) ?? [])
    }
}

extension EmulatedLine.Faults {
    typealias Paths = EmulatedLine.Paths

    /// The answer given instead of the emulator's, if a fault takes this request.
    func answer(instead request: EmulatedLine.RecordedRequest) -> HTTPResponse? {
        func oauthError(_ status: Int) -> HTTPResponse {
            EmulatedLine.json(status, ["error": status >= 500 ? "server_error" : "invalid_request", "error_description": "injected"])
        }
        switch request.path {
        case Paths.profile: return profileStatus.map { EmulatedLine.json($0, ["message": "injected \($0)"]) }
        case Paths.friendship: return friendshipStatus.map { EmulatedLine.json($0, ["message": "injected \($0)"]) }
        case Paths.revoke: return revokeStatus.map(oauthError)
        case Paths.verify where verifyGarbage:
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("<html>oops".utf8))
        case Paths.token:
            switch request.field("grant_type") {
            case "authorization_code": return tokenStatus.map(oauthError)
            case "refresh_token": return refreshStatus.map(oauthError)
            default: return nil
            }
        default: return nil
        }
    }

    /// The emulator's answer, rewritten where a fault says so.
    func rewrite(_ response: HTTPResponse, of request: EmulatedLine.RecordedRequest) -> HTTPResponse {
        guard response.statusCode == 200, var object = EmulatedLine.object(response.body) else { return response }
        switch request.path {
        case Paths.profile:
            if profileGarbage {
                return HTTPResponse(statusCode: 200, headers: response.headers, body: Data("{\"userId\": ".utf8))
            }
            guard profileMissingFields || profileUserID != nil else { return response }
            if profileMissingFields { object["displayName"] = nil }
            if let profileUserID { object["userId"] = profileUserID }
        case Paths.verify:
            guard verifyMissingFields else { return response }
            object["client_id"] = nil
        case Paths.token where request.field("grant_type") == "authorization_code":
            guard tokenWrongType || scopeListsEmail else { return response }
            if tokenWrongType { object["token_type"] = "mac" }
            if scopeListsEmail, let scope = object["scope"] as? String, !scope.split(separator: " ").contains("email") {
                object["scope"] = scope + " email"
            }
        case Paths.discovery:
            guard discoveryIssuer != nil || discoveryJWKSPath != nil else { return response }
            if let discoveryIssuer { object["issuer"] = discoveryIssuer }
            if let discoveryJWKSPath, let jwks = object["jwks_uri"] as? String, let url = URL(string: jwks),
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            {
                components.path = discoveryJWKSPath
                object["jwks_uri"] = components.url?.absoluteString
            }
        default: return response
        }
        var rewritten = EmulatedLine.json(200, object)
        rewritten.headers = response.headers.merging(rewritten.headers) { _, new in new }
        rewritten.headers["content-length"] = nil
        return rewritten
    }
}
#endif
