import Crypto
import CryptoExtras
import Foundation
import LineLoginPrimitives
@testable import OAuthEngine

/// A fake provider for the profile tests, reached through ``HTTPTransport``: answers the token, JWKS,
/// userinfo, revocation and introspection endpoints of `endpoints`, signs ID tokens (ES256 or RS256)
/// with its own swift-crypto code, and records every request. How it departs from the RFCs (no nonce
/// echo, no `token_type`, 400 on revoke) is set per test, so a quirk can be seen doing its one thing.
final class ProviderTestServer: HTTPTransport, Sendable {
    struct Behaviour: Sendable {
        var echoNonce = true
        var sendTokenType = true
        var revokeStatus = 200
        var expiresIn = 3600
        var idTokenIssuer: String?
        var userinfo: [String: JSONValue] = [:]
        var omitIDToken = false
    }

    static let ecKey = P256.Signing.PrivateKey()
    static let rsaKey: _RSA.Signing.PrivateKey = {
        do { return try _RSA.Signing.PrivateKey(keySize: .bits2048) } catch { fatalError("RSA key generation failed: \(error)") }
    }()
    static let subject = "member-42"

    let endpoints: ProviderEndpoints
    let clientID: String
    let algorithm: JWSAlgorithm
    /// What the server was set to do and what it saw, in the package's one lock box.
    private struct State: Sendable {
        var behaviour: Behaviour
        var recorded: [HTTPRequest] = []
        var nonce: String?
        var issued = 0
    }
    private let state: LockedValue<State>

    init(endpoints: ProviderEndpoints, clientID: String, algorithm: JWSAlgorithm, behaviour: Behaviour = Behaviour()) {
        self.endpoints = endpoints
        self.clientID = clientID
        self.algorithm = algorithm
        state = LockedValue(State(behaviour: behaviour))
    }

    var behaviour: Behaviour {
        get { state.current.behaviour }
        set { state.withLock { $0.behaviour = newValue } }
    }

    /// Every request so far.
    var requests: [HTTPRequest] { state.current.recorded }

    /// The requests sent to `url`.
    func requests(to url: URL?) -> [HTTPRequest] { requests.filter { $0.url == url } }

    /// What the browser saw in the authorization request (the nonce to echo).
    func authorizationRequested(_ url: URL) {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        state.withLock { $0.nonce = query.first { $0.name == "nonce" }?.value }
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        state.withLock { $0.recorded.append(request) }
        let behaviour = self.behaviour
        switch request.url {
        case endpoints.tokenEndpoint: return tokenResponse(behaviour)
        case endpoints.jwksURI: return Self.json(200, ["keys": .array([jwk])])
        case endpoints.userinfoEndpoint:
            var claims = behaviour.userinfo
            claims["sub"] = claims["sub"] ?? .string(Self.subject)
            return Self.json(200, claims)
        case endpoints.revocationEndpoint: return HTTPResponse(statusCode: behaviour.revokeStatus)
        case endpoints.introspectionEndpoint:
            return Self.json(200, ["active": .bool(true), "client_id": .string(clientID), "sub": .string(Self.subject)])
        default: return HTTPResponse(statusCode: 404)
        }
    }

    private func tokenResponse(_ behaviour: Behaviour) -> HTTPResponse {
        let (count, nonce) = state.withLock { state -> (Int, String?) in
            state.issued += 1
            return (state.issued, state.nonce)
        }
        var body: [String: JSONValue] = [
            "access_token": .string("access-\(count)"), "refresh_token": .string("refresh-\(count)"),
            "expires_in": .number(Double(behaviour.expiresIn)), "scope": .string("openid profile email"),
        ]
        if behaviour.sendTokenType { body["token_type"] = .string("Bearer") }
        let now = Date().timeIntervalSince1970.rounded()
        var claims: [String: JSONValue] = [
            "iss": .string(behaviour.idTokenIssuer ?? endpoints.issuer), "aud": .string(clientID), "sub": .string(Self.subject),
            "iat": .number(now), "exp": .number(now + 3600), "name": .string("Member"),
        ]
        if behaviour.echoNonce, let nonce { claims["nonce"] = .string(nonce) }
        if !behaviour.omitIDToken { body["id_token"] = .string(sign(claims)) }
        return Self.json(200, body)
    }

    private var kid: String { algorithm == .rs256 ? "rsa-1" : (algorithm == .hs256 ? "hmac" : "ec-1") }

    private var jwk: JSONValue {
        if algorithm == .rs256 {
            let primitives = try? Self.rsaKey.publicKey.getKeyPrimitives()
            return .object([
                "kty": .string("RSA"), "kid": .string(kid), "alg": .string("RS256"), "use": .string("sig"),
                "n": .string(Base64URL.encode(primitives?.modulus ?? Data())),
                "e": .string(Base64URL.encode(primitives?.publicExponent ?? Data())),
            ])
        }
        let raw = Array(Self.ecKey.publicKey.rawRepresentation)
        return .object([
            "kty": .string("EC"), "crv": .string("P-256"), "kid": .string(kid), "alg": .string("ES256"), "use": .string("sig"),
            "x": .string(Base64URL.encode(raw[0..<32])), "y": .string(Base64URL.encode(raw[32..<64])),
        ])
    }

    private func sign(_ claims: [String: JSONValue]) -> String {
        let header: [String: JSONValue] = ["alg": .string(algorithm.rawValue), "kid": .string(kid), "typ": .string("JWT")]
        let input = Base64URL.encode(Self.encode(header)) + "." + Base64URL.encode(Self.encode(claims))
        let signature: [UInt8]
        if algorithm == .hs256 {
            signature = Array(
                HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: SymmetricKey(data: Data(ProfileFixtures.secret.utf8))))
        } else if algorithm == .rs256 {
            signature =
                (try? Array(Self.rsaKey.signature(for: SHA256.hash(data: Array(input.utf8)), padding: .insecurePKCS1v1_5).rawRepresentation))
                ?? []
        } else {
            signature = (try? Array(Self.ecKey.signature(for: Array(input.utf8)).rawRepresentation)) ?? []
        }
        return input + "." + Base64URL.encode(signature)
    }

    static func encode(_ object: [String: JSONValue]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? Array(encoder.encode(object))) ?? []
    }

    static func json(_ status: Int, _ object: [String: JSONValue]) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: Data(encode(object)))
    }
}

/// A user agent that approves at once: tells the server the nonce it saw, answers with a code and the state.
struct ProviderTestAgent: UserAgent {
    static let redirectURI = URL(string: "http://127.0.0.1:8765/callback")!
    let server: ProviderTestServer
    let presented = ProviderTestBox<[URL]>([])

    func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
        Session(redirectURI: redirectURI ?? Self.redirectURI, server: server, presented: presented)
    }

    private struct Session: UserAgentSession {
        let redirectURI: URL
        let server: ProviderTestServer
        let presented: ProviderTestBox<[URL]>

        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
            presented.value.append(authorizationURL)
            server.authorizationRequested(authorizationURL)
            let state =
                URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value ?? ""
            return URL(string: redirectURI.absoluteString + "?code=code-1&state=" + FormEncoding.escape(state))!
        }

        func cancel() {}
    }
}

/// A value behind a lock, shared between a test and the closures it hands out.
final class ProviderTestBox<Value: Sendable>: Sendable {
    private let stored: LockedValue<Value>
    init(_ value: Value) { stored = LockedValue(value) }
    var value: Value {
        get { stored.current }
        set { stored.withLock { $0 = newValue } }
    }
}
