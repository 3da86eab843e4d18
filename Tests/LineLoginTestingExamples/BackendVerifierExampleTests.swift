#if Emulator && Server
// A backend's verification of what its app sends (an ID token, an access token), under `swift test`, against LINE
// played by LineLoginTesting: public API only, as in a backend's own test target.
import LineLoginPlatform
import LineLoginServer
import LineLoginTesting
import OAuthEngine
import Testing

@Suite struct BackendVerifierExampleTests {
    /// The ID token an app got from LINE: accepted for its user with the nonce the app sent, refused with another.
    @Test func theIDTokenAnAppSendsIsVerified() async throws {
        try await withTestLinePlatform { line in
            let verifier = try IDTokenVerifier(channels: [LineChannel(channelID: line.channelID)], platform: line.platform)
            let tokens = try await line.signIn(userID: line.userID)
            let IDToken = try #require(tokens.IDToken)
            let nonce = try #require(tokens.nonce)

            let verified = try await verifier.verify(IDToken, nonce: .equals(nonce))
            #expect(verified.user.userID == line.userID)
            #expect(verified.channelID == line.channelID)
            #expect(verified.claims.name == "Brown")

            await #expect(throws: VerificationError.self) { try await verifier.verify(IDToken, nonce: .equals("another nonce")) }
            // A token for a channel the backend doesn't serve is refused.
            let other = try IDTokenVerifier(channels: [LineChannel(channelID: "1111111111")], platform: line.platform)
            await #expect(throws: VerificationError.self) { try await other.verify(IDToken, nonce: .notChecked) }
        }
    }

    /// After LINE rotates its signing key, tokens signed with the new key are verified (the JWKS is fetched
    /// again for the new `kid`), and the old key's tokens still are during the grace period.
    @Test func aRotatedSigningKeyIsFetched() async throws {
        try await withTestLinePlatform { line in
            let verifier = try IDTokenVerifier(
                channels: [LineChannel(channelID: line.channelID)], platform: line.platform, jwksRefetchInterval: 0)
            let before = try #require(try await line.signIn().IDToken)
            _ = try await verifier.verify(before, nonce: .notChecked)

            let oldKeyID = line.currentKeyID
            let newKeyID = line.rotateKeys()
            #expect(newKeyID != oldKeyID)
            let after = try #require(try await line.signIn().IDToken)
            #expect(try await verifier.verify(after, nonce: .notChecked).user.userID == line.userID)
            #expect(try await verifier.verify(before, nonce: .notChecked).user.userID == line.userID)
        }
    }

    /// The access token an app sends: verified with its owner's profile, then refused once LINE says it expired,
    /// and once LINE's clock has passed its lifetime.
    @Test func theAccessTokenAnAppSendsIsVerifiedUntilItExpires() async throws {
        try await withTestLinePlatform { line in
            // No cache: every call asks LINE, so the test sees what LINE says now.
            let verifier = try AccessTokenVerifier(channelIDs: [line.channelID], platform: line.platform, cache: nil)
            let first = try await line.signIn()
            let verified = try await verifier.verify(first.accessToken)
            #expect(verified.profile.userID == line.userID)
            #expect(verified.channelID == line.channelID)

            line.expireAccessTokens()
            await #expect(throws: VerificationError.self) { try await verifier.verify(first.accessToken) }

            // LINE's access tokens live 30 days: 31 days later a fresh one has expired too.
            let second = try await line.signIn()
            _ = try await verifier.verify(second.accessToken)
            line.advanceClock(by: 31 * 86_400)
            await #expect(throws: VerificationError.self) { try await verifier.verify(second.accessToken) }
        }
    }
}
#endif
