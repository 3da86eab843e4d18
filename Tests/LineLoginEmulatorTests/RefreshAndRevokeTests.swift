#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Refresh and revoke")
struct RefreshAndRevokeTests {
    @Test func refreshReturnsTheSameRefreshTokenAndNoIDToken() async throws {
        try await EmulatorHarness.with { harness in
            let login = try await harness.login()
            let refreshToken = try #require(login.string("refresh_token"))
            let oldAccess = try #require(login.string("access_token"))
            let refreshed = try await harness.refresh(refreshToken)
            #expect(refreshed.status == 200)
            #expect(refreshed.headers["cache-control"] == "no-store")
            #expect(refreshed.string("refresh_token") == refreshToken)
            #expect(refreshed.string("id_token") == nil)
            #expect(refreshed.json["id_token"] == nil)
            #expect(refreshed.string("scope") == "profile openid")
            #expect(refreshed.string("token_type") == "Bearer")
            #expect(refreshed.int("expires_in") == 2_592_000)
            let newAccess = try #require(refreshed.string("access_token"))
            #expect(newAccess != oldAccess)
            // Like LINE, the old access token keeps working until it expires.
            for token in [oldAccess, newAccess] {
                let verify = try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", token)])
                #expect(verify.status == 200)
            }
            let again = try await harness.refresh(refreshToken)
            #expect(again.status == 200)
            let stats = harness.emulator.stats
            #expect(stats.refreshRequests == 2)
            #expect(stats.tokenRequests == 3)
            #expect(stats.activeAccessTokens == 3)
            #expect(stats.activeRefreshTokens == 1)
        }
    }

    @Test func rotationIssuesANewRefreshTokenAndKillsTheOld() async throws {
        var configuration = EmulatorConfiguration.default
        configuration.rotateRefreshTokens = true
        try await EmulatorHarness.with(configuration) { harness in
            let login = try await harness.login()
            let first = try #require(login.string("refresh_token"))
            let refreshed = try await harness.refresh(first)
            #expect(refreshed.status == 200)
            let second = try #require(refreshed.string("refresh_token"))
            #expect(second != first)
            let stale = try await harness.refresh(first)
            #expect(stale.status == 400)
            #expect(stale.text == #"{"error":"invalid_grant","error_description":"invalid refresh token"}"#)
            #expect(try await harness.refresh(second).status == 200)
        }
    }

    @Test func refreshFailures() async throws {
        try await EmulatorHarness.with { harness in
            let unknown = try await harness.refresh("not-a-token")
            #expect(unknown.status == 400)
            #expect(unknown.text == #"{"error":"invalid_grant","error_description":"invalid refresh token"}"#)

            let login = try await harness.login()
            let refreshToken = try #require(login.string("refresh_token"))
            let wrongSecret = try await harness.client.postForm(
                "/oauth2/v2.1/token",
                [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", EmulatorHarness.channelID),
                    ("client_secret", "bad"),
                ]
            )
            #expect(wrongSecret.status == 401)
            #expect(wrongSecret.string("error") == "invalid_client")

            harness.emulator.advanceClock(by: 7_776_001)
            let expired = try await harness.refresh(refreshToken)
            #expect(expired.status == 400)
            #expect(expired.string("error_description") == "invalid refresh token")
        }
    }

    /// LINE's reference: refreshing does not extend the refresh token, which dies 90 days after its issue.
    @Test func refreshingDoesNotExtendTheRefreshToken() async throws {
        try await EmulatorHarness.with { harness in
            let login = try await harness.login()
            let refreshToken = try #require(login.string("refresh_token"))
            for _ in 0..<3 {
                harness.emulator.advanceClock(by: 30 * 86_400 - 10)
                #expect(try await harness.refresh(refreshToken).status == 200)
            }
            harness.emulator.advanceClock(by: 31)
            let expired = try await harness.refresh(refreshToken)
            #expect(expired.status == 400, "90 days after issue, however often it was used")
            #expect(expired.string("error") == "invalid_grant")
        }
    }

    @Test func revokingAnAccessTokenEndsTheSession() async throws {
        try await EmulatorHarness.with { harness in
            let login = try await harness.login()
            let access = try #require(login.string("access_token"))
            let refreshToken = try #require(login.string("refresh_token"))
            let sibling = try #require(try await harness.refresh(refreshToken).string("access_token"))
            let revoke = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("access_token", access), ("client_id", EmulatorHarness.channelID), ("client_secret", harness.secret)]
            )
            #expect(revoke.status == 200)
            #expect(revoke.body.isEmpty)
            #expect(revoke.headers["x-line-request-id"] != nil)
            for token in [access, sibling] {
                let verify = try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", token)])
                #expect(verify.status == 400)
                #expect(verify.string("error_description") == "invalid access token")
            }
            #expect(try await harness.refresh(refreshToken).status == 400)
            let profile = try await harness.client.bearer("/v2/profile", token: access)
            #expect(profile.status == 401)
        }
    }

    @Test func revokingARefreshTokenKillsItsAccessTokens() async throws {
        try await EmulatorHarness.with { harness in
            let login = try await harness.login()
            let access = try #require(login.string("access_token"))
            let refreshToken = try #require(login.string("refresh_token"))
            let revoke = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("refresh_token", refreshToken), ("client_id", EmulatorHarness.channelID)]
            )
            #expect(revoke.status == 200)
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 401)
            #expect(try await harness.refresh(refreshToken).status == 400)
            #expect(harness.emulator.stats.activeAccessTokens == 0)
        }
    }

    @Test func revokeEdgeCases() async throws {
        try await EmulatorHarness.with { harness in
            let unknown = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("access_token", "unknown"), ("client_id", EmulatorHarness.channelID)]
            )
            // LINE answers 400 for a token that is not (or no longer) valid; LINE's SDK counts it as revoked.
            #expect(unknown.status == 400)
            #expect(unknown.string("error") == "invalid_request")

            let revoked = try await harness.login()
            let revokedAccess = try #require(revoked.string("access_token"))
            let revoke = [("access_token", revokedAccess), ("client_id", EmulatorHarness.channelID)]
            #expect(try await harness.client.postForm("/oauth2/v2.1/revoke", revoke).status == 200)
            #expect(try await harness.client.postForm("/oauth2/v2.1/revoke", revoke).status == 400, "already revoked")

            let noClient = try await harness.client.postForm("/oauth2/v2.1/revoke", [("access_token", "x")])
            #expect(noClient.status == 400)
            #expect(noClient.string("error") == "invalid_request")
            #expect(noClient.string("error_description")?.isEmpty == false)

            let noToken = try await harness.client.postForm("/oauth2/v2.1/revoke", [("client_id", EmulatorHarness.channelID)])
            #expect(noToken.status == 400)
            #expect(noToken.string("error") == "invalid_request")

            let rfcField = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("token", "x"), ("client_id", EmulatorHarness.channelID)]
            )
            #expect(rfcField.status == 400, "RFC 7009's token field is not LINE's")

            let wrongSecret = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("access_token", "x"), ("client_id", EmulatorHarness.channelID), ("client_secret", "bad")]
            )
            #expect(wrongSecret.status == 401)
            #expect(wrongSecret.string("error") == "invalid_client")

            // Another channel's client cannot revoke this channel's token.
            let login = try await harness.login()
            let access = try #require(login.string("access_token"))
            let foreign = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("access_token", access), ("client_id", "1111111111")]
            )
            #expect(foreign.status == 401)
            #expect(try await harness.client.bearer("/v2/profile", token: access).status == 200)
        }
    }
}

/// `client_secret` by channel type, and the replayed-code option.
struct ClientTypeTests {
    static func configuration(_ change: (inout EmulatorChannel) -> Void) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration.default
        change(&configuration.channels[0])
        return configuration
    }

    @Test func aWebOnlyChannelNeedsItsSecretEverywhere() async throws {
        try await EmulatorHarness.with(Self.configuration { $0.webOnly = true }) { harness in
            let pkce = PKCE()
            let withoutSecret = try await harness.exchange(code: try await harness.code(pkce: pkce), pkce: pkce)
            #expect(withoutSecret.status == 401 && withoutSecret.string("error") == "invalid_client")
            let tokens = try await harness.exchange(code: try await harness.code(pkce: pkce), pkce: pkce, secret: harness.secret)
            #expect(tokens.status == 200)
            let refreshToken = try #require(tokens.string("refresh_token"))
            let accessToken = try #require(tokens.string("access_token"))
            let refresh = try await harness.refresh(refreshToken)
            #expect(refresh.status == 401 && refresh.string("error") == "invalid_client")
            let refreshed = try await harness.client.postForm(
                "/oauth2/v2.1/token",
                [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", EmulatorHarness.channelID),
                    ("client_secret", harness.secret),
                ])
            #expect(refreshed.status == 200)
            let revoke = try await harness.client.postForm(
                "/oauth2/v2.1/revoke", [("access_token", accessToken), ("client_id", EmulatorHarness.channelID)])
            #expect(revoke.status == 401 && revoke.string("error") == "invalid_client")
            let revoked = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("access_token", accessToken), ("client_id", EmulatorHarness.channelID), ("client_secret", harness.secret)])
            #expect(revoked.status == 200)
        }
    }

    @Test func aChannelWithAnAppMayLeaveTheSecretOut() async throws {
        try await EmulatorHarness.with { harness in
            let tokens = try await harness.login()
            #expect(try await harness.refresh(try #require(tokens.string("refresh_token"))).status == 200)
            let revoked = try await harness.client.postForm(
                "/oauth2/v2.1/revoke",
                [("access_token", try #require(tokens.string("access_token"))), ("client_id", EmulatorHarness.channelID)])
            #expect(revoked.status == 200)
        }
    }

    @Test func aReplayedCodeRevokesItsTokensOnlyWhenTheChannelAsks() async throws {
        for revokes in [false, true] {
            try await EmulatorHarness.with(Self.configuration { $0.revokeTokensOnCodeReplay = revokes }) { harness in
                let pkce = PKCE()
                let code = try await harness.code(pkce: pkce)
                let tokens = try await harness.exchange(code: code, pkce: pkce)
                let accessToken = try #require(tokens.string("access_token"))
                let refreshToken = try #require(tokens.string("refresh_token"))
                // A refreshed access token belongs to the same grant.
                let refreshed = try #require(try await harness.refresh(refreshToken).string("access_token"))
                let replay = try await harness.exchange(code: code, pkce: pkce)
                #expect(replay.status == 400 && replay.string("error") == "invalid_grant")
                for token in [accessToken, refreshed] {
                    let verify = try await harness.client.get("/oauth2/v2.1/verify", query: [("access_token", token)])
                    #expect(verify.status == (revokes ? 400 : 200))
                }
                #expect(try await harness.refresh(refreshToken).status == (revokes ? 400 : 200))
            }
        }
    }
}
#endif
