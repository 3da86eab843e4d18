@testable import ClientTestSupport
import Foundation
@testable import OAuthEngine
import Testing
import LineLoginPrimitives

/// The token endpoint answer: `access_token` present, `token_type` Bearer (any case), `expires_in`
/// a non-negative number made absolute at receipt, refresh responses keeping what they leave out.
@Suite struct TokenResponseTests {
    func parse(_ object: [String: Any], quirks: ProviderQuirks = []) -> Result<TokenResponse, OAuthError> {
        parse(HTTPResponse.json(200, object), quirks: quirks)
    }

    func parse(_ response: HTTPResponse, quirks: ProviderQuirks = []) -> Result<TokenResponse, OAuthError> {
        Result { () throws(OAuthError) in try TokenResponse(response: response, quirks: quirks) }
    }

    static func isInvalidResponse(_ result: Result<TokenResponse, OAuthError>) -> Bool {
        if case .failure(.invalidResponse) = result { return true }
        return false
    }

    static var base: [String: Any] { ["access_token": "at", "token_type": "Bearer", "expires_in": 3600] }

    func with(_ changes: [String: Any], removing: [String] = []) -> [String: Any] {
        var object = Self.base
        for (name, value) in changes { object[name] = value }
        for name in removing { object[name] = nil }
        return object
    }

    @Test func acceptsAMinimalBearerResponse() throws {
        let response = try parse(with(["refresh_token": "rt", "id_token": "a.b.c", "scope": "openid profile"])).get()
        #expect(response.accessToken == "at")
        #expect(response.tokenType == "Bearer")
        #expect(response.expiresIn == 3600)
        #expect(response.refreshToken == "rt")
        #expect(response.idToken == "a.b.c")
        #expect(response.scope == ["openid", "profile"])
    }

    @Test func missingAccessTokenIsRefused() {
        #expect(Self.isInvalidResponse(parse(with([:], removing: ["access_token"]))))
        #expect(Self.isInvalidResponse(parse(with(["access_token": ""]))))
        #expect(Self.isInvalidResponse(parse(with(["access_token": 12345]))))
        #expect(Self.isInvalidResponse(parse(.text(200, "access_token=at&token_type=Bearer"))))
        #expect(Self.isInvalidResponse(parse(.text(200, "[]"))))
    }

    @Test func nonBearerTokenTypeIsRefused() {
        #expect(Self.isInvalidResponse(parse(with(["token_type": "mac"]))))
        #expect(Self.isInvalidResponse(parse(with(["token_type": "DPoP"]))))
        #expect(Self.isInvalidResponse(parse(with(["token_type": "Bearer "]))))
    }

    @Test func bearerIsCaseInsensitive() throws {
        #expect(try parse(with(["token_type": "bearer"])).get().tokenType == "bearer")
        #expect(try parse(with(["token_type": "BEARER"])).get().accessToken == "at")
    }

    @Test func missingTokenTypeNeedsTheProviderQuirk() throws {
        #expect(Self.isInvalidResponse(parse(with([:], removing: ["token_type"]))))
        let lenient = try parse(with([:], removing: ["token_type"]), quirks: .tokenTypeMayBeMissing).get()
        #expect(lenient.tokenType == "Bearer")
        // The quirk doesn't let a wrong type through.
        #expect(Self.isInvalidResponse(parse(with(["token_type": "mac"]), quirks: .tokenTypeMayBeMissing)))
    }

    @Test func expiresInMayBeANumericString() throws {
        #expect(try parse(with(["expires_in": "2592000"])).get().expiresIn == 2_592_000)
        #expect(try parse(with(["expires_in": 0])).get().expiresIn == 0)
        #expect(try parse(with([:], removing: ["expires_in"])).get().expiresIn == nil)
        #expect(Self.isInvalidResponse(parse(with(["expires_in": "soon"]))))
        #expect(Self.isInvalidResponse(parse(with(["expires_in": [3600]]))))
    }

    @Test func negativeExpiresInIsRefused() {
        #expect(Self.isInvalidResponse(parse(with(["expires_in": -1]))))
        #expect(Self.isInvalidResponse(parse(with(["expires_in": "-3600"]))))
    }

    @Test func expiryIsMadeAbsoluteAtReceipt() throws {
        let receivedAt = Date(timeIntervalSince1970: 1_700_000_000)
        let tokens = try parse(with(["expires_in": 2_592_000])).get().tokenSet(receivedAt: receivedAt)
        #expect(tokens.issuedAt == receivedAt)
        #expect(tokens.expiresAt == receivedAt.addingTimeInterval(2_592_000))
        // Without expires_in, the default lifetime applies.
        let defaulted = try parse(with([:], removing: ["expires_in"])).get().tokenSet(receivedAt: receivedAt, defaultLifetime: 600)
        #expect(defaulted.expiresAt == receivedAt.addingTimeInterval(600))
    }

    @Test func refreshWithoutIDTokenKeepsThePreviousOnes() throws {
        // LINE's refresh responses carry no id_token; the login's is kept.
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let previous = CoreFixtures.tokenSet(accessToken: "old-at", refreshToken: "old-rt", idToken: "login.id.token", now: now)
        let later = now.addingTimeInterval(1000)

        let refreshed = try parse(with(["access_token": "new-at"])).get().tokenSet(receivedAt: later, previous: previous)
        #expect(refreshed.accessToken == "new-at")
        #expect(refreshed.refreshToken == "old-rt")
        #expect(refreshed.idToken == "login.id.token")
        #expect(refreshed.scopes == previous.scopes)
        #expect(refreshed.expiresAt == later.addingTimeInterval(3600))

        // A rotated refresh token replaces the old one.
        let rotated = try parse(with(["access_token": "new-at", "refresh_token": "new-rt"])).get().tokenSet(
            receivedAt: later, previous: previous)
        #expect(rotated.refreshToken == "new-rt")
        #expect(rotated.idToken == "login.id.token")
    }

    @Test func tokenClientMapsErrorsAndChecksSuccessBodies() async throws {
        let reply = Locked<HTTPResponse>(
            .json(
                400, ["error": "invalid_grant", "error_description": "invalid refresh token"],
                headers: ["x-line-request-id": "req-1"]))
        let transport = ScriptedTransport { _ in reply.wrappedValue }
        let client = TokenClient(configuration: CoreFixtures.configuration(), transport: transport)
        do {
            _ = try await client.refresh(refreshToken: "rt")
            Issue.record("expected an error")
        } catch {
            guard case .server(let server) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(server.statusCode == 400)
            #expect(server.hasCode("INVALID_GRANT"))
            #expect(server.message == "invalid refresh token")
            #expect(server.requestID == "req-1")
            #expect(!error.isTransient)
        }
        reply.wrappedValue = .json(200, ["token_type": "Bearer"])
        await #expect(throws: OAuthError.self) { try await client.refresh(refreshToken: "rt") }
        let form = try #require(transport.requests.last).form
        #expect(form["grant_type"] == "refresh_token")
        #expect(form["refresh_token"] == "rt")
        #expect(form["client_id"] == CoreFixtures.clientID)
    }
}
