@testable import ClientTestSupport
import Crypto
import Foundation
@testable import OAuthEngine
import Testing
import LineLoginPrimitives

/// The whole login through a fake user agent and a scripted provider: request → redirect → state check →
/// code exchange → ID-token validation → store.
@Suite struct OAuthClientTests {
    enum IDTokenReply: Sendable { case valid, wrongNonce, omitted }

    let clock = TestClock()
    let store = MemoryTokenStore()
    let agent: CoreFakeUserAgent
    let idTokenReply = Locked<IDTokenReply>(.valid)
    let tokenFailure = Locked<TransportError?>(nil)
    let transport: ScriptedTransport

    init() {
        self.init(agent: CoreFakeUserAgent())
    }

    init(agent: CoreFakeUserAgent) {
        self.agent = agent
        let (clock, idTokenReply, tokenFailure) = (self.clock, self.idTokenReply, self.tokenFailure)
        transport = ScriptedTransport { request in
            switch request.url.path {
            case CoreFixtures.jwksPath:
                return HTTPResponse(statusCode: 200, body: CoreFixtures.defaultJWKS())
            case CoreFixtures.tokenPath:
                if let failure = tokenFailure.wrappedValue { throw failure }
                let sentNonce = agent.presented.wrappedValue.last.flatMap { CoreFixtures.query($0)["nonce"] }
                let idToken: String?
                switch idTokenReply.wrappedValue {
                case .valid:
                    idToken = TestTokenSigner.sign(
                        CoreFixtures.claims(now: clock.now(), nonce: sentNonce), key: .es256(TestTokenSigner.ecKey), kid: "ec-1")
                case .wrongNonce:
                    idToken = TestTokenSigner.sign(
                        CoreFixtures.claims(now: clock.now(), nonce: "replayed-nonce"), key: .es256(TestTokenSigner.ecKey), kid: "ec-1")
                case .omitted:
                    idToken = nil
                }
                return CoreFixtures.tokenResponse(idToken: idToken)
            case CoreFixtures.revokePath:
                return HTTPResponse(statusCode: 200)
            default:
                return HTTPResponse(statusCode: 404)
            }
        }
    }

    func makeClient(secret: String? = nil, authentication: ClientAuthentication? = nil, quirks: ProviderQuirks = []) throws -> OAuthClient {
        try OAuthClient(
            configuration: CoreFixtures.configuration(clientSecret: secret, authentication: authentication, quirks: quirks),
            store: store, transport: transport, clock: clock)
    }

    func signIn(
        _ client: OAuthClient, scopes: [String] = ["openid", "profile"], userAgent: (any UserAgent)? = nil,
        maxAge: TimeInterval? = nil
    ) async -> Result<SignInResult, OAuthError> {
        do {
            return .success(try await client.signIn(scopes: scopes, userAgent: userAgent ?? agent, maxAge: maxAge))
        } catch {
            return .failure(error)
        }
    }

    var tokenRequests: [HTTPRequest] { transport.requests(path: CoreFixtures.tokenPath) }

    // MARK: - Success

    @Test func signInStoresTokensAndReturnsClaims() async throws {
        let client = try makeClient()
        let result = try await signIn(client).get()
        #expect(result.tokens.accessToken == "access-token-1")
        #expect(result.tokens.refreshToken == "refresh-token-1")
        #expect(result.tokens.idToken != nil)
        #expect(result.tokens.expiresAt == clock.now().addingTimeInterval(3600))
        #expect(result.idTokenClaims?.subject == CoreFixtures.subject)
        #expect(result.nonce != nil && result.idTokenClaims?.nonce == result.nonce)
        #expect(try await store.load() == result.tokens)
        #expect(await client.session.current() == result.tokens)
        #expect(tokenRequests.count == 1)
    }

    @Test func tokenRequestCarriesTheExchangeFields() async throws {
        let client = try makeClient(quirks: .requestsJWKSignedIDToken)
        _ = try await signIn(client).get()
        let authorizationURL = try #require(agent.presented.wrappedValue.first)
        let sent = CoreFixtures.query(authorizationURL)
        let request = try #require(tokenRequests.first)
        let form = request.form

        #expect(request.method == "POST")
        #expect(request.url == CoreFixtures.tokenEndpoint)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(form["grant_type"] == "authorization_code")
        #expect(form["code"] == "authorization-code-1")
        #expect(form["redirect_uri"] == sent["redirect_uri"])
        #expect(form["redirect_uri"] == CoreFixtures.redirectURI.absoluteString)
        let verifier = try #require(form["code_verifier"])
        #expect(PKCE.challenge(for: verifier) == sent["code_challenge"])
        #expect(form["client_id"] == CoreFixtures.clientID)
        #expect(form["client_secret"] == nil)
        #expect(form["id_token_key_type"] == "JWK")
        #expect(request.header("Authorization") == nil)
        #expect(request.formPairs.filter { $0.0 == "code" }.count == 1)
    }

    @Test func stateMismatchNeverReachesTheTokenEndpoint() async throws {
        let forged = CoreFakeUserAgent { CoreFakeUserAgent.callback(for: $0, state: "forged-state") }
        let client = try makeClient()
        #expect(await signIn(client, userAgent: forged).failureValue == .authorization(.stateMismatch))
        #expect(transport.count(path: CoreFixtures.tokenPath) == 0)
        #expect(try await store.load() == nil)

        // A provider error (with the right state) doesn't exchange anything either.
        let denied = CoreFakeUserAgent { url in
            let query = CoreFixtures.query(url)
            return URL(string: query["redirect_uri"]! + "?error=ACCESS_DENIED&state=" + query["state"]!)!
        }
        let error = await signIn(client, userAgent: denied).failureValue
        #expect(error == .authorization(.providerError(code: "ACCESS_DENIED", description: nil)))
        #expect(transport.count(path: CoreFixtures.tokenPath) == 0)
    }

    @Test func nonceMismatchStoresNothing() async throws {
        idTokenReply.wrappedValue = .wrongNonce
        let client = try makeClient()
        #expect(await signIn(client).failureValue == .idToken(.nonceMismatch))
        #expect(try await store.load() == nil)
        #expect(await client.session.current() == nil)
    }

    @Test func openIDWithoutIDTokenIsRefused() async throws {
        idTokenReply.wrappedValue = .omitted
        let client = try makeClient()
        #expect(await signIn(client).failureValue == .idToken(.missing))
        #expect(try await store.load() == nil)
        // Without openid, no ID token is expected.
        let result = try await signIn(client, scopes: ["profile"]).get()
        #expect(result.idTokenClaims == nil)
        #expect(try await store.load() == result.tokens)
    }

    @Test func clientSecretBasicUsesTheAuthorizationHeader() async throws {
        let secret = "s3cr3t/with+special=chars:0123456789"
        let client = try makeClient(secret: secret, authentication: .clientSecretBasic)
        _ = try await signIn(client).get()
        let request = try #require(tokenRequests.first)
        let expected = "\(FormEncoding.escape(CoreFixtures.clientID)):\(FormEncoding.escape(secret))"
        #expect(request.header("Authorization") == "Basic " + Data(expected.utf8).base64EncodedString())
        #expect(request.form["client_secret"] == nil)
        #expect(!request.bodyText.contains(FormEncoding.escape(secret)))
        #expect(!request.bodyText.contains("s3cr3t"))
    }

    @Test func clientSecretPostPutsTheSecretInTheBody() async throws {
        let client = try makeClient(secret: CoreFixtures.secret, authentication: .clientSecretPost)
        _ = try await signIn(client).get()
        let request = try #require(tokenRequests.first)
        #expect(request.form["client_id"] == CoreFixtures.clientID)
        #expect(request.form["client_secret"] == CoreFixtures.secret)
        #expect(request.header("Authorization") == nil)
    }

    @Test func codeIsSentOnceEvenAfterAnAmbiguousFailure() async throws {
        tokenFailure.wrappedValue = .timedOut
        let client = try makeClient()
        #expect(await signIn(client).failureValue == .transport(.timedOut))
        #expect(transport.count(path: CoreFixtures.tokenPath) == 1)
        #expect(try await store.load() == nil)
    }

    @Test func maxAgeIsSentAndRequiresAuthTime() async throws {
        let client = try makeClient()
        #expect(await signIn(client, maxAge: 600).failureValue == .idToken(.authTimeInvalid))
        let url = try #require(agent.presented.wrappedValue.first)
        #expect(CoreFixtures.query(url)["max_age"] == "600")
    }

    @Test func replayedCallbackIsNotExchangedTwice() async throws {
        // Checklist: state is single use, "a second use is refused"; a code is sent once.
        let client = try makeClient()
        let request = client.makeAuthorizationRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["profile"])
        let callback = CoreFakeUserAgent.callback(for: request.url)
        _ = try await client.completeSignIn(callbackURL: callback, request: request)
        #expect(transport.count(path: CoreFixtures.tokenPath) == 1)
        do {
            _ = try await client.completeSignIn(callbackURL: callback, request: request)
            Issue.record("a replayed callback was accepted")
        } catch {}
        #expect(transport.count(path: CoreFixtures.tokenPath) == 1)
    }

    // MARK: - The flow on its own (what web login and OAuthClient share)

    @Test func theFlowCompletesWithoutStoringAnything() async throws {
        let flow = try makeClient().flow
        let request = flow.makeRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["openid", "profile"])
        agent.presented.wrappedValue.append(request.url) // the scripted provider echoes the nonce it was sent
        let result = try await flow.complete(callbackURL: CoreFakeUserAgent.callback(for: request.url), request: request)
        #expect(result.idTokenClaims?.subject == CoreFixtures.subject)
        #expect(result.tokens.accessToken == "access-token-1")
        #expect(try await store.load() == nil)
    }

    @Test func copiesOfAFlowShareOneSpentStateRegistry() async throws {
        let flow = try makeClient().flow
        let copy = flow
        let request = flow.makeRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["profile"])
        let callback = CoreFakeUserAgent.callback(for: request.url)
        _ = try await flow.complete(callbackURL: callback, request: request)
        await #expect(throws: OAuthError.authorization(.stateMismatch)) {
            try await copy.complete(callbackURL: callback, request: request)
        }
        #expect(transport.count(path: CoreFixtures.tokenPath) == 1, "a replay never reaches the token endpoint")
    }

    @Test func aForgedRedirectDoesNotBurnTheRealAttempt() async throws {
        let flow = try makeClient().flow
        let request = flow.makeRequest(redirectURI: CoreFixtures.redirectURI, scopes: ["profile"])
        var forged = URLComponents(url: CoreFakeUserAgent.callback(for: request.url), resolvingAgainstBaseURL: false)
        forged?.queryItems = [URLQueryItem(name: "code", value: "attacker-code"), URLQueryItem(name: "state", value: "forged-state")]
        let forgedURL = try #require(forged?.url)
        await #expect(throws: OAuthError.authorization(.stateMismatch)) {
            try await flow.complete(callbackURL: forgedURL, request: request)
        }
        _ = try await flow.complete(callbackURL: CoreFakeUserAgent.callback(for: request.url), request: request)
    }

    @Test(arguments: [-1, .infinity, .nan, 1e13] as [TimeInterval])
    func maxAgeMustBeANumberOfSeconds(_ seconds: TimeInterval) async throws {
        #expect(throws: OAuthError.self) { try AuthorizationCodeFlow.maxAgeParameter(seconds) }
        let client = try makeClient()
        #expect(await signIn(client, maxAge: seconds).failureValue == .configuration("max_age must be a number of seconds"))
        #expect(agent.presented.wrappedValue.isEmpty, "refused before any page is shown")
    }

    @Test func maxAgeIsSentAsWholeSeconds() throws {
        #expect(try AuthorizationCodeFlow.maxAgeParameter(3600.9) == ("max_age", "3600"))
    }

    @Test func signOutRevokesBothTokensAndClears() async throws {
        let client = try makeClient(quirks: [.revokeWithTokenTypeField])
        _ = try await signIn(client).get()
        try await client.signOut()
        let revokes = transport.requests(path: CoreFixtures.revokePath).map(\.form)
        #expect(revokes.count == 2)
        #expect(revokes.first?["refresh_token"] == "refresh-token-1")
        #expect(revokes.last?["access_token"] == "access-token-1")
        #expect(try await store.load() == nil)
        #expect(await client.session.current() == nil)
    }

    @Test func plainHTTPEndpointIsAConfigurationError() {
        var configuration = CoreFixtures.configuration()
        configuration.endpoints.tokenEndpoint = URL(string: "http://api.issuer.example/token")!
        #expect(throws: OAuthError.self) {
            try OAuthClient(configuration: configuration, store: MemoryTokenStore(), transport: transport)
        }
    }
}
