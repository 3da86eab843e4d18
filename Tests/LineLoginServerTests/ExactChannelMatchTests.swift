#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServer
@testable import LineLoginServerTestSupport

/// The server's channel lookups compare channel IDs as bytes: a token or a verify answer naming a
/// canonically equivalent spelling of a configured channel (`K` vs KELVIN SIGN, equal under `String ==`)
/// names no configured channel.
@Suite struct ExactChannelMatchTests {
    static let channel = "K-channel"
    static let kelvinChannel = "\u{212A}-channel"
    let clock = TestClock()

    @Test func thePremise() {
        #expect(Self.channel == Self.kelvinChannel)
        #expect(Set([Self.channel]).contains(Self.kelvinChannel))
    }

    @Test func remoteIDTokenVerificationDoesNotAskLINEForAnEquivalentAudience() async throws {
        let transport = ScriptedTransport { _ throws(TransportError) in HTTPResponse.json(200, [:]) }
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: Self.channel)], mode: .remote, transport: transport, clock: clock)
        let token = TestTokens(keyID: "key-1").es256(TestTokens.claims(now: clock.now(), audience: Self.kelvinChannel))
        await #expect(throws: VerificationError.idToken(.audienceMismatch)) { try await verifier.verify(token, nonce: .notChecked) }
        #expect(transport.requests.isEmpty, "refused before asking LINE")
    }

    @Test func localIDTokenVerificationFindsNoChannelForAnEquivalentAudience() async throws {
        let verifier = try IDTokenVerifier(
            channels: [LineChannel(channelID: Self.channel, channelSecret: TestTokens.secret)],
            transport: ScriptedTransport { _ throws(TransportError) in HTTPResponse(statusCode: 404) }, clock: clock)
        let forged = TestTokens.hs256(TestTokens.claims(now: clock.now(), audience: Self.kelvinChannel))
        await #expect(throws: VerificationError.idToken(.audienceMismatch)) { try await verifier.verify(forged, nonce: .notChecked) }
        let exact = TestTokens.hs256(TestTokens.claims(now: clock.now(), audience: Self.channel))
        #expect(try await verifier.verify(exact, nonce: .notChecked).channelID == Self.channel)
    }

    @Test func anAccessTokenOfAnEquivalentChannelIsRefused() async throws {
        for (clientID, accepted) in [(Self.kelvinChannel, false), (Self.channel, true)] {
            let transport = AccessTokenVerifierTests.line(verify: { AccessTokenVerifierTests.valid(clientID: clientID) })
            let verifier = try AccessTokenVerifier(channelIDs: [Self.channel], cache: nil, transport: transport, clock: clock)
            do {
                _ = try await verifier.verify(AccessTokenVerifierTests.token)
                #expect(accepted, "client_id \(clientID) was accepted")
            } catch {
                #expect(!accepted && error == .unknownChannel, "got \(error)")
            }
        }
    }
}
#endif
