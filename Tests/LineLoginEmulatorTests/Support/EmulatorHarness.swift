#if Emulator
import Foundation
import LineLoginEmulator
import Testing

/// A running emulator plus helpers that drive it like a browser and a client would.
struct EmulatorHarness: Sendable {
    let emulator: LineLoginEmulator
    let client: TestHTTPClient

    static let channelID = "1234567890"
    static let brownID = "U4af4980629e3b1d6e1c0a6b1b1c3e9f1"
    static let conyID = "U8d1a7c0e5b4f3a2918e7d6c5b4a39281"

    var baseURL: URL { client.baseURL }
    var secret: String { emulator.configuration.channels.first?.channelSecret ?? "" }
    /// A loopback callback on an arbitrary port: the registered one has no port.
    var redirectURI: String { "http://127.0.0.1:49152/callback" }

    /// Starts an emulator, runs `body`, and always shuts it down.
    static func with(
        _ configuration: EmulatorConfiguration = .default,
        _ body: (EmulatorHarness) async throws -> Void
    ) async throws {
        let emulator = LineLoginEmulator(configuration: configuration)
        let baseURL = try await emulator.start()
        let harness = EmulatorHarness(emulator: emulator, client: TestHTTPClient(baseURL: baseURL))
        do {
            try await body(harness)
        } catch {
            await emulator.shutdown()
            throw error
        }
        await emulator.shutdown()
    }

    /// Authorization query parameters with sensible defaults.
    func authorizeQuery(
        clientID: String = EmulatorHarness.channelID,
        redirectURI: String? = nil,
        scope: String = "profile openid email",
        state: String = "state-\(Int.random(in: 0..<1_000_000))",
        pkce: PKCE? = nil,
        extra: [(String, String)] = []
    ) -> [(String, String)] {
        var query = [
            ("response_type", "code"),
            ("client_id", clientID),
            ("redirect_uri", redirectURI ?? self.redirectURI),
            ("state", state),
            ("scope", scope),
        ]
        if let pkce {
            query += [("code_challenge", pkce.challenge), ("code_challenge_method", "S256")]
        }
        return query + extra
    }

    /// Extracts the session ID from a login or consent page (the scripted-client regex).
    static func sessionID(in html: String) -> String? {
        guard let match = html.firstMatch(of: /<input type="hidden" name="session" value="([0-9a-f]{64})">/) else {
            return nil
        }
        return String(match.1)
    }

    /// GET authorize → POST login → POST consent; returns the final redirect (the login's own when the
    /// user consented to these scopes before, as LINE asks once).
    func browserLogin(
        query: [(String, String)],
        email: String = "brown@example.com",
        password: String = "brown",
        consent: [(String, String)] = [("action", "allow")]
    ) async throws -> HTTPResult {
        let page = try await client.get("/oauth2/v2.1/authorize", query: query)
        try #require(page.status == 200, "authorize: \(page.status) \(page.text)")
        let session = try #require(Self.sessionID(in: page.text))
        let login = try await client.postForm(
            "/oauth2/v2.1/login",
            [("session", session), ("email", email), ("password", password), ("action", "login")]
        )
        if login.status == 302 { return login }
        try #require(login.status == 200)
        try #require(login.text.contains(#"<form method="post" action="/oauth2/v2.1/consent">"#))
        try #require(Self.sessionID(in: login.text) == session)
        return try await client.postForm("/oauth2/v2.1/consent", [("session", session)] + consent)
    }

    /// Runs the browser flow and returns the code.
    func code(
        pkce: PKCE? = PKCE(),
        scope: String = "profile openid email",
        email: String = "brown@example.com",
        password: String = "brown",
        extra: [(String, String)] = []
    ) async throws -> String {
        let state = "s\(Int.random(in: 0..<1_000_000))"
        let result = try await browserLogin(
            query: authorizeQuery(scope: scope, state: state, pkce: pkce, extra: extra),
            email: email,
            password: password
        )
        try #require(result.status == 302)
        try #require(result.locationQuery["state"] == state)
        return try #require(result.locationQuery["code"])
    }

    /// Exchanges a code.
    func exchange(
        code: String,
        pkce: PKCE?,
        redirectURI: String? = nil,
        secret: String? = nil,
        extra: [(String, String)] = []
    ) async throws -> HTTPResult {
        var form = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirectURI ?? self.redirectURI),
            ("client_id", Self.channelID),
        ]
        if let pkce { form.append(("code_verifier", pkce.verifier)) }
        if let secret { form.append(("client_secret", secret)) }
        return try await client.postForm("/oauth2/v2.1/token", form + extra)
    }

    /// Signs in (Brown by default) and returns the token response.
    func login(
        scope: String = "profile openid email",
        email: String = "brown@example.com",
        password: String = "brown",
        extra: [(String, String)] = []
    ) async throws -> HTTPResult {
        let pkce = PKCE()
        let code = try await code(pkce: pkce, scope: scope, email: email, password: password)
        let result = try await exchange(code: code, pkce: pkce, extra: extra)
        try #require(result.status == 200, "token: \(result.text)")
        return result
    }

    func refresh(_ refreshToken: String) async throws -> HTTPResult {
        try await client.postForm(
            "/oauth2/v2.1/token",
            [("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", Self.channelID)]
        )
    }

    /// JWKS entries by kid.
    func jwks() async throws -> [String: [String: JSONValue]] {
        let result = try await client.get("/oauth2/v2.1/certs")
        var keys: [String: [String: JSONValue]] = [:]
        for key in result.json["keys"]?.array ?? [] {
            if let object = key.object, let kid = object["kid"]?.string { keys[kid] = object }
        }
        return keys
    }
}
#endif
