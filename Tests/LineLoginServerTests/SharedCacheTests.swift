#if Hummingbird && Emulator
@testable import ClientTestSupport
import Foundation
@testable import LineLoginServer
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// One cache handed to verifiers of different channels: a token accepted for one channel is never
/// answered from the cache by a verifier of another, on the synchronous path or through `verify`.
struct SharedCacheTests {
    let clock = TestClock(Date())

    @Test func anAccessTokenConfirmedForOneChannelIsNotAnsweredForAnother() async throws {
        // LINE says the token belongs to TestTokens.channelID.
        let transport = ScriptedTransport { request throws(TransportError) in
            request.url.path == "/v2/profile"
                ? HTTPResponse.json(200, ["userId": TestTokens.userID, "displayName": "Brown"])
                : HTTPResponse.json(200, ["client_id": TestTokens.channelID, "expires_in": 600, "scope": "profile"])
        }
        let shared = AccessTokenCache(clock: clock)
        let ours = try AccessTokenVerifier(channelIDs: [TestTokens.channelID], cache: shared, transport: transport, clock: clock)
        let theirs = try AccessTokenVerifier(channelIDs: [TestTokens.otherChannelID], cache: shared, transport: transport, clock: clock)

        #expect(try await ours.verify("t").channelID == TestTokens.channelID)
        #expect(ours.rememberedVerification(of: "t") != nil)
        #expect(theirs.rememberedVerification(of: "t") == nil)
        await #expect(throws: VerificationError.unknownChannel) { try await theirs.verify("t") }
    }

    @Test func anIDTokenAcceptedForOneChannelIsNotAnsweredForAnother() async throws {
        let shared = VerifiedIDTokenCache(clock: clock)
        let transport = ScriptedTransport { _ throws(TransportError) in HTTPResponse(statusCode: 404) }
        let ours = try IDTokenVerifier(
            channels: [LineChannel(channelID: TestTokens.channelID, channelSecret: TestTokens.secret)],
            transport: transport, clock: clock, cache: shared)
        // The other verifier knows this channel's secret too (a shared configuration gone wrong), so only
        // the channel check keeps it from taking the remembered answer.
        let theirs = try IDTokenVerifier(
            channels: [LineChannel(channelID: TestTokens.otherChannelID, channelSecret: TestTokens.secret)],
            transport: transport, clock: clock, cache: shared)
        let token = TestTokens.hs256(TestTokens.claims(now: clock.now()))

        #expect(try await ours.verify(token).channelID == TestTokens.channelID)
        #expect(ours.rememberedVerification(of: token) != nil)
        #expect(theirs.rememberedVerification(of: token) == nil)
        await #expect(throws: VerificationError.self) { try await theirs.verify(token) }
    }
}
#endif
