#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginEmulator
import LineLoginTesting
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// Both verifiers against the emulator over real HTTP, with tokens it issued to a real login.
@Suite(.serialized) struct EmulatorVerificationTests {
    static let closedPort = LinePlatform.custom(baseURL: URL(string: "http://127.0.0.1:1")!)

    @Test func localModeVerifiesAnES256TokenWithTheLiveJWKS() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens(nonce: "local-nonce")
        let idToken = try #require(tokens.IDToken)
        let verifier = try IDTokenVerifier(channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform)
        let verified = try await verifier.verify(idToken, nonce: .equals("local-nonce"))
        #expect(verified.user.displayName == "Brown")
        #expect(verified.user.userID == "U4af4980629e3b1d6e1c0a6b1b1c3e9f1")
        // Rotation: a token signed with the new key verifies after one refetch.
        fixture.emulator.rotateSigningKey()
        let rotated = try #require(try await fixture.tokens().IDToken)
        #expect(try await verifier.verify(rotated).user.userID == verified.user.userID)
        #expect(await verifier.keys.fetchCount == 2)
        await fixture.stop()
    }

    /// A backend that pins LINE's issuer, pointed at an emulator started with `--issuer https://access.line.me`:
    /// both modes accept its tokens with the endpoints at the emulator; the emulator's URL as issuer refuses them.
    @Test func aVerifierPinningLINEsIssuerAcceptsAnEmulatorWithThatIssuer() async throws {
        let fixture = try await EmulatorHarness.start { $0.issuer = LinePlatform.production.issuer }
        let idToken = try #require(try await fixture.tokens(nonce: "pinned").IDToken)
        let platform = LinePlatform.custom(baseURL: fixture.baseURL, issuer: LinePlatform.production.issuer)
        let channels = [LineChannel(channelID: EmulatorHarness.channelID)]
        let local = try IDTokenVerifier(channels: channels, platform: platform)
        #expect(try await local.verify(idToken, nonce: .equals("pinned")).user.displayName == "Brown")
        let remote = try IDTokenVerifier(channels: channels, platform: platform, mode: .remote)
        #expect(try await remote.verify(idToken, nonce: .equals("pinned")).user.displayName == "Brown")
        let ownURL = try IDTokenVerifier(channels: channels, platform: fixture.platform)
        await #expect(throws: VerificationError.self) { try await ownURL.verify(idToken, nonce: .equals("pinned")) }
        await fixture.stop()
    }

    @Test func localModeVerifiesAWebLoginHS256Token() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens(es256: false)
        let idToken = try #require(tokens.IDToken)
        let withSecret = try IDTokenVerifier(
            channels: [LineChannel(channelID: EmulatorHarness.channelID, channelSecret: fixture.secret())],
            platform: fixture.platform)
        #expect(try await withSecret.verify(idToken).user.displayName == "Brown")
        let withoutSecret = try IDTokenVerifier(channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform)
        await #expect(throws: VerificationError.idToken(.noSecretForHS256)) { try await withoutSecret.verify(idToken) }
        await fixture.stop()
    }

    @Test func remoteModeAsksLINE() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let transport = RecordingTransport()
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform,
            mode: .remote, transport: transport)
        let idToken = try #require(try await fixture.tokens(nonce: "remote-nonce").IDToken)
        let verified = try await verifier.verify(idToken, nonce: .equals("remote-nonce"))
        #expect(verified.user.displayName == "Brown")
        #expect(transport.requests.map(\.url.path) == ["/oauth2/v2.1/verify"])
        #expect(transport.requests[0].method == "POST")

        await #expect(throws: VerificationError.idToken(.nonceMismatch)) { try await verifier.verify(idToken, nonce: .equals("other")) }
        await #expect(throws: VerificationError.idToken(.subjectMismatch)) {
            try await verifier.verify(idToken, nonce: .notChecked, userID: "U00000000000000000000000000000000")
        }
        // Garbage and a token for another channel are refused without a call to LINE.
        let before = transport.requests.count
        await #expect(throws: VerificationError.self) { try await verifier.verify("garbage") }
        let other = try #require(try await fixture.tokens(channelID: EmulatorHarness.otherChannelID).IDToken)
        await #expect(throws: VerificationError.idToken(.audienceMismatch)) { try await verifier.verify(other) }
        #expect(transport.requests.count == before)

        fixture.emulator.advanceClock(by: 7200)
        await #expect(throws: VerificationError.idToken(.expired)) { try await verifier.verify(idToken, nonce: .notChecked) }
        await fixture.stop()
    }

    @Test func remoteModeWithTheNonceStore() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let store = MemoryNonceStore()
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: EmulatorHarness.channelID)], platform: fixture.platform,
            mode: .remote, nonceStore: store)
        let nonce = try await store.issue(for: "client")
        let idToken = try #require(try await fixture.tokens(nonce: nonce).IDToken)
        #expect(try await verifier.verify(idToken).claims.nonce == nonce)
        await #expect(throws: VerificationError.nonceNotIssued) { try await verifier.verify(idToken) }
        await fixture.stop()
    }

    @Test func remoteModeOutageIsUnavailable() async throws {
        let keys = TestTokens()
        let token = keys.es256(TestTokens.claims(now: Date()))
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: TestTokens.channelID)], platform: Self.closedPort, mode: .remote)
        do {
            _ = try await verifier.verify(token)
            Issue.record("accepted")
        } catch {
            #expect(error.isUnavailable)
        }
    }

    @Test func accessTokensAgainstTheEmulator() async throws {
        let fixture = try await EmulatorHarness.start(EmulatorHarness.addingSecondChannel)
        let tokens = try await fixture.tokens()
        let verifier = try AccessTokenVerifier(channelIDs: [EmulatorHarness.channelID], platform: fixture.platform, cache: nil)
        let verified = try await verifier.verify(tokens.accessToken)
        #expect(verified.profile.displayName == "Brown")
        #expect(verified.channelID == EmulatorHarness.channelID)

        let other = try await fixture.tokens(channelID: EmulatorHarness.otherChannelID)
        await #expect(throws: VerificationError.unknownChannel) { try await verifier.verify(other.accessToken) }

        do {
            _ = try await verifier.verify("garbage-token")
            Issue.record("accepted garbage")
        } catch {
            #expect(error.code == "invalid_access_token")
            #expect(!error.isUnavailable)
        }

        fixture.emulator.expireAccessTokens()
        do {
            _ = try await verifier.verify(tokens.accessToken)
            Issue.record("accepted an expired token")
        } catch {
            #expect(error.code == "expired")
        }
        await fixture.stop()
    }

    @Test func accessTokenOutageAgainstAClosedPort() async throws {
        let verifier = try AccessTokenVerifier(channelIDs: [TestTokens.channelID], platform: Self.closedPort, cache: nil)
        do {
            _ = try await verifier.verify("some-token")
            Issue.record("accepted")
        } catch {
            #expect(error.isUnavailable)
            #expect(error.code == "unavailable")
        }
    }
}
#endif
