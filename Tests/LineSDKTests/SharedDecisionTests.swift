#if Emulator
import Foundation
import LineLoginTesting
import OAuthEngine
import Testing
@testable import LineSDK

/// The LINE decisions that the SDK, the CLI and the server kit share: one post-login check, one
/// provider policy, one store key, one client for LINE's user endpoints.
@Suite(.emulatedLine) struct SharedDecisionTests {
    /// A client of LINE's user endpoints, through the emulator's recording transport.
    func client(of platform: EmulatedLine) -> LinePlatformClient {
        LinePlatformClient(platform: platform.platform, transport: platform, timeout: 5)
    }

    /// A sign-in result with tokens the emulator issued, and an ID token whose `sub` is `subject`.
    func result(on platform: EmulatedLine, scopes: [String], subject: String?) async throws -> SignInResult {
        let tokens = try await platform.issueTokens(clientID: LineTestEnvironment.channelID, scopes: scopes)
        let claims = subject.map { IDTokenClaims(raw: ["sub": .string($0)]) }
        return SignInResult(tokens: tokens, idTokenClaims: claims, responseParameters: [:], nonce: nil)
    }

    // MARK: The post-login check

    @Test func withoutTheProfileScopeNoProfileIsRead() async throws {
        let platform = try await EmulatedLine.start()
        let profile = try await LineLoginCheck.profile(
            after: result(on: platform, scopes: ["openid"], subject: "U1"), requestedScopes: ["openid"],
            platform: client(of: platform))
        #expect(profile == nil)
        #expect(platform.count(EmulatedLine.Paths.profile) == 0)
    }

    @Test func aSubjectThatIsOnlyCanonicallyEquivalentToTheProfileIsRefused() async throws {
        // "K" and KELVIN SIGN compare equal with `String ==`; the check compares bytes.
        var user = EmulatedLine.defaultUser
        user.userID = "U-K-4af4980629"
        let platform = try await EmulatedLine.start(users: [user])
        let client = LinePlatformClient(platform: platform.platform, transport: platform, timeout: 5)
        let tokens = try await platform.issueTokens(clientID: LineTestEnvironment.channelID, scopes: ["profile", "openid"])
        func result(subject: String) -> SignInResult {
            SignInResult(tokens: tokens, idTokenClaims: IDTokenClaims(raw: ["sub": .string(subject)]), responseParameters: [:], nonce: nil)
        }
        #expect("U-\u{212A}-4af4980629" == user.userID)
        await #expect(throws: OAuthError.idToken(.subjectMismatch)) {
            try await LineLoginCheck.profile(
                after: result(subject: "U-\u{212A}-4af4980629"), requestedScopes: ["profile", "openid"],
                platform: client)
        }
        let profile = try await LineLoginCheck.profile(
            after: result(subject: user.userID), requestedScopes: ["profile", "openid"],
            platform: client)
        #expect(profile?.userID == user.userID)
    }

    @Test func aProfileFailureKeepsItsStatus() async throws {
        let platform = try await EmulatedLine.start()
        let signedIn = try await result(on: platform, scopes: ["profile"], subject: nil)
        platform.setFaults { $0.profileStatus = 403 }
        do {
            _ = try await LineLoginCheck.profile(after: signedIn, requestedScopes: ["profile"], platform: client(of: platform))
            Issue.record("a 403 profile was accepted")
        } catch {
            guard case .server(let server) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(server.statusCode == 403)
        }
    }

    // MARK: LINE's provider policy

    @Test func withoutASecretOnlyES256AndNoClientSecret() {
        let configuration = LinePlatform.production.configuration(channelID: "1234567890", channelSecret: nil)
        #expect(configuration.idTokenAlgorithms == [.es256])
        #expect(configuration.clientAuthentication == ClientAuthentication.none)
        #expect(configuration.endpoints == LinePlatform.production.endpoints)
        #expect(configuration.tokenRequestParameters.map(\.0) == ["id_token_key_type"])
    }

    @Test func withASecretHS256AndClientSecretPost() {
        let configuration = LinePlatform.production.configuration(channelID: "1234567890", channelSecret: "s3cr3t", leeway: 5, timeout: 7)
        #expect(configuration.idTokenAlgorithms == [.es256, .hs256])
        #expect(configuration.clientAuthentication == .clientSecretPost)
        #expect(configuration.quirks == ProviderProfile.line.quirks)
        #expect(configuration.leeway == 5 && configuration.timeout == 7)
    }

    // MARK: The store key

    @Test func productionKeyIsTheChannelAlone() {
        #expect(LoginConfiguration.tokenStoreKey(channelID: "1234567890") == "channel-1234567890")
    }

    @Test func anotherPlatformKeepsItsOwnKey() throws {
        let emulator = LinePlatform.custom(baseURL: try #require(URL(string: "http://127.0.0.1:8400")))
        #expect(LoginConfiguration.tokenStoreKey(channelID: "1234567890", platform: emulator) == "channel-1234567890-127.0.0.1-8400")
    }

    // MARK: The verify endpoint

    @Test func anUnreadableVerifyAnswerIsAnInvalidResponse() async throws {
        let platform = try await EmulatedLine.start()
        platform.setFaults { $0.verifyGarbage = true }
        do {
            _ = try await client(of: platform).verify(accessToken: "at-anything")
            Issue.record("garbage was accepted")
        } catch {
            guard case .invalidResponse = error else {
                Issue.record("got \(error)")
                return
            }
        }
    }

    #if Emulator
    /// A real sign-in on the emulator, as a `SignInResult` whose ID-token subject is `subject`.
    func signedIn(on line: TestLinePlatform, scopes: [String], subject: String?) async throws -> SignInResult {
        let signedIn = try await line.signIn(scopes: scopes)
        let now = Date()
        let tokens = TokenSet(
            accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken, idToken: signedIn.IDToken, scopes: signedIn.scopes,
            issuedAt: now, expiresAt: now.addingTimeInterval(signedIn.expiresIn ?? 3600))
        let claims = subject.map { IDTokenClaims(raw: ["sub": .string($0)]) }
        return SignInResult(tokens: tokens, idTokenClaims: claims, responseParameters: [:], nonce: nil)
    }

    func emulatorClient(on line: TestLinePlatform) -> LinePlatformClient {
        LinePlatformClient(platform: line.platform, transport: URLSessionTransport(), timeout: 5)
    }

    @Test func theProfileMustDescribeTheIDTokensSubject() async throws {
        try await withTestLinePlatform { line in
            let profile = try await LineLoginCheck.profile(
                after: signedIn(on: line, scopes: ["profile", "openid"], subject: line.userID),
                requestedScopes: ["profile", "openid"], platform: emulatorClient(on: line))
            #expect(profile?.userID == line.userID)
            let someoneElse = try await signedIn(on: line, scopes: ["profile", "openid"], subject: "U-someone-else")
            await #expect(throws: OAuthError.idToken(.subjectMismatch)) {
                try await LineLoginCheck.profile(
                    after: someoneElse, requestedScopes: ["profile", "openid"], platform: emulatorClient(on: line))
            }
        }
    }

    @Test func aProfileWithoutAnIDTokenIsAccepted() async throws {
        try await withTestLinePlatform { line in
            let profile = try await LineLoginCheck.profile(
                after: signedIn(on: line, scopes: ["profile"], subject: nil), requestedScopes: ["profile"],
                platform: emulatorClient(on: line))
            #expect(profile?.userID == line.userID)
        }
    }

    @Test func verifyReadsChannelScopesAndLifetime() async throws {
        try await withTestLinePlatform { line in
            let tokens = try await line.signIn(scopes: ["profile", "openid"])
            let result = try await emulatorClient(on: line).verify(accessToken: tokens.accessToken)
            #expect(result.channelID == "1234567890")
            #expect(result.permissions.map(\.rawValue).sorted() == ["openid", "profile"])
            #expect(result.expiresIn > 0)
        }
    }
    #endif
}

/// LINE's SDK takes the ID token's keys from LINE's discovery document, whose issuer must be LINE's.
@Suite(.emulatedLine) struct DiscoveryTests {
    @Test func theKeysComeFromTheDiscoveryDocument() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.discoveryJWKSPath = "/keys/from-discovery" }
        _ = try await env.login([.profile, .openID])
        #expect(env.platform.count(EmulatedLine.Paths.discovery) == 1)
        #expect(env.platform.count("/keys/from-discovery") == 1)
        #expect(env.platform.count(EmulatedLine.Paths.certs) == 0, "the platform's own JWKS path is not assumed")
        // The location is kept: a second login reads neither again.
        _ = try await env.login([.profile, .openID])
        #expect(env.platform.count(EmulatedLine.Paths.discovery) == 1)
    }

    @Test func aDiscoveryDocumentOfAnotherIssuerIsRefused() async throws {
        let env = try await LineTestEnvironment()
        env.platform.setFaults { $0.discoveryIssuer = "https://evil.test" }
        let error = try #require(await capture { () async throws(LineSDKError) in try await env.login([.profile, .openID]) })
        guard case .untypedError(let underlying as OAuthError) = error, case .idToken(.keysUnavailable) = underlying else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(!env.manager.isAuthorized)
        #expect(env.platform.count(EmulatedLine.Paths.certs) == 0)
    }

    @Test func withoutOpenIDNothingIsDiscovered() async throws {
        let env = try await LineTestEnvironment()
        _ = try await env.login([.profile])
        #expect(env.platform.count(EmulatedLine.Paths.discovery) == 0)
    }
}
#endif
