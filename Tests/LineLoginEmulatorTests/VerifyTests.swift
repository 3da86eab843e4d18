#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Verify endpoints")
struct VerifyTests {
    @Test func accessTokenVerification() async throws {
        try await EmulatorHarness.with { harness in
            let access = try #require(try await harness.login().string("access_token"))
            let ok = try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", access)])
            #expect(ok.status == 200)
            #expect(ok.string("scope") == "profile openid")
            #expect(ok.string("client_id") == EmulatorHarness.channelID)
            let expiresIn = try #require(ok.int("expires_in"))
            #expect(expiresIn > 2_591_000 && expiresIn <= 2_592_000)
            #expect(ok.json["active"] == nil)

            let unknown = try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", "nope")])
            #expect(unknown.status == 400)
            #expect(unknown.text == #"{"error":"invalid_request","error_description":"invalid access token"}"#)

            harness.emulator.advanceClock(by: 2_592_001)
            let expired = try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", access)])
            #expect(expired.status == 400)
            #expect(expired.text == #"{"error":"invalid_request","error_description":"access token expired"}"#)

            let missing = try await harness.client.get("/oauth2/v2.1/verify")
            #expect(missing.status == 400)
            #expect(missing.string("error") == "invalid_request")
        }
    }

    @Test func idTokenVerification() async throws {
        try await EmulatorHarness.with { harness in
            let pkce = PKCE()
            let code = try await harness.code(pkce: pkce, extra: [("nonce", "abc")])
            let idToken = try #require(try await harness.exchange(code: code, pkce: pkce).string("id_token"))
            func verify(_ form: [(String, String)]) async throws -> HTTPResult {
                try await harness.client.postForm("/oauth2/v2.1/verify", form)
            }
            let ok = try await verify([
                ("id_token", idToken), ("client_id", EmulatorHarness.channelID), ("nonce", "abc"),
                ("user_id", EmulatorHarness.brownID),
            ])
            #expect(ok.status == 200)
            #expect(ok.string("sub") == EmulatorHarness.brownID)
            #expect(ok.string("aud") == EmulatorHarness.channelID)
            #expect(ok.string("iss") == harness.baseURL.absoluteString)
            #expect(ok.string("nonce") == "abc")
            #expect(ok.string("email") == "brown@example.com")
            #expect(ok.json["amr"] == .array([.string("pwd")]))

            func expectFailure(_ form: [(String, String)], _ description: String) async throws {
                let result = try await verify(form)
                #expect(result.status == 400, "\(description)")
                #expect(result.string("error") == "invalid_request")
                #expect(result.string("error_description") == description)
            }
            let channel = ("client_id", EmulatorHarness.channelID)
            try await expectFailure([("id_token", idToken), ("client_id", "1111111111")], "Invalid IdToken Audience.")
            try await expectFailure([("id_token", idToken), channel, ("nonce", "other")], "Invalid IdToken Nonce.")
            try await expectFailure(
                [("id_token", idToken), channel, ("user_id", EmulatorHarness.conyID)],
                "Invalid IdToken Subject Identifier.")
            try await expectFailure([("id_token", "garbage"), channel], "Invalid IdToken.")
            try await expectFailure([("id_token", idToken + "x"), channel], "Invalid IdToken.")
            try await expectFailure([("id_token", "a.b.c"), channel], "Invalid IdToken.")

            let now = Int(Date().timeIntervalSince1970)
            let wrongIssuer = JWT.hs256(
                [
                    "iss": "https://access.line.me", "sub": EmulatorHarness.brownID, "aud": EmulatorHarness.channelID,
                    "exp": now + 600, "iat": now,
                ],
                secret: harness.secret
            )
            try await expectFailure([("id_token", wrongIssuer), channel], "Invalid IdToken Issuer.")
            let forged = JWT.hs256(
                [
                    "iss": harness.baseURL.absoluteString, "sub": EmulatorHarness.brownID, "aud": EmulatorHarness.channelID,
                    "exp": now + 600, "iat": now,
                ],
                secret: "not-the-secret"
            )
            try await expectFailure([("id_token", forged), channel], "Invalid IdToken.")

            harness.emulator.advanceClock(by: 3_601)
            try await expectFailure([("id_token", idToken), channel], "IdToken expired.")

            let missing = try await verify([channel])
            #expect(missing.status == 400)
            #expect(missing.string("error") == "invalid_request")
        }
    }

    @Test func es256IDTokensVerifyAcrossKeyRotation() async throws {
        try await EmulatorHarness.with { harness in
            let token = try await harness.login(extra: [("id_token_key_type", "JWK")])
            let idToken = try #require(token.string("id_token"))
            let oldKid = harness.emulator.currentKeyID
            let newKid = harness.emulator.rotateSigningKey()
            #expect(newKid != oldKid)
            #expect(harness.emulator.currentKeyID == newKid)
            let keys = try await harness.jwks()
            #expect(Set(keys.keys) == [oldKid, newKid])
            let ok = try await harness.client.postForm(
                "/oauth2/v2.1/verify",
                [("id_token", idToken), ("client_id", EmulatorHarness.channelID)]
            )
            #expect(ok.status == 200)

            let fresh = try await harness.login(extra: [("id_token_key_type", "JWK")])
            let jwt = try JWT.idToken(in: fresh)
            #expect(jwt.header["kid"] == .string(newKid))

            // After the grace period the old key is gone from the JWKS and no longer verifies.
            harness.emulator.advanceClock(by: 86_401)
            #expect(Set(try await harness.jwks().keys) == [newKid])
            #expect(harness.emulator.stats.publishedKeys == 1)
        }
    }
}
#endif
