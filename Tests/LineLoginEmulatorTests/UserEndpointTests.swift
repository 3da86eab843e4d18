#if Emulator
import Foundation
import LineLoginEmulator
import Testing

@Suite("Profile, friendship and userinfo")
struct UserEndpointTests {
    @Test func profileAndFriendship() async throws {
        try await EmulatorHarness.with { harness in
            let access = try #require(try await harness.login().string("access_token"))
            let profile = try await harness.client.bearer("/v2/profile", token: access)
            #expect(profile.status == 200)
            #expect(profile.headers["x-line-request-id"] != nil)
            #expect(profile.string("userId") == EmulatorHarness.brownID)
            #expect(profile.string("displayName") == "Brown")
            #expect(profile.string("pictureUrl")?.hasPrefix("https://profile.line-scdn.net/") == true)
            #expect(profile.string("statusMessage") == "Hello, LINE!")
            #expect(profile.json["email"] == nil)

            let friendship = try await harness.client.bearer("/friendship/v1/status", token: access)
            #expect(friendship.status == 200)
            #expect(friendship.json["friendFlag"] == .bool(true))

            let cony = try #require(try await harness.login(email: "cony@example.com", password: "cony").string("access_token"))
            let conyProfile = try await harness.client.bearer("/v2/profile", token: cony)
            #expect(conyProfile.json["statusMessage"] == nil)
            let conyFriendship = try await harness.client.bearer("/friendship/v1/status", token: cony)
            #expect(conyFriendship.json["friendFlag"] == .bool(false))
        }
    }

    @Test func apiErrorShapes() async throws {
        try await EmulatorHarness.with { harness in
            for path in ["/v2/profile", "/friendship/v1/status"] {
                let missing = try await harness.client.get(path)
                #expect(missing.status == 401)
                #expect(missing.text == #"{"message":"invalid token"}"#)
                #expect(missing.headers["www-authenticate"] == #"Bearer error="invalid_token""#)
                let basic = try await harness.client.get(path, headers: ["Authorization": "Basic abc"])
                #expect(basic.status == 401)
                let garbage = try await harness.client.bearer(path, token: "garbage")
                #expect(garbage.status == 401)
                #expect(garbage.string("message") == "invalid token")
            }
            let openidOnly = try #require(try await harness.login(scope: "openid").string("access_token"))
            for path in ["/v2/profile", "/friendship/v1/status"] {
                let forbidden = try await harness.client.bearer(path, token: openidOnly)
                #expect(forbidden.status == 403)
                #expect(forbidden.text == #"{"message":"Not allowed to use the API."}"#)
            }
            let access = try #require(try await harness.login().string("access_token"))
            harness.emulator.expireAccessTokens()
            for path in ["/v2/profile", "/friendship/v1/status"] {
                let expired = try await harness.client.bearer(path, token: access)
                #expect(expired.status == 401)
                #expect(expired.text == #"{"message":"The access token expired"}"#)
                #expect(expired.headers["www-authenticate"] == #"Bearer error="invalid_token""#)
            }
        }
    }

    @Test func userinfo() async throws {
        try await EmulatorHarness.with { harness in
            let access = try #require(try await harness.login().string("access_token"))
            for method in ["GET", "POST"] {
                let info = try await harness.client.bearer("/oauth2/v2.1/userinfo", token: access, method: method)
                #expect(info.status == 200)
                #expect(info.string("sub") == EmulatorHarness.brownID)
                #expect(info.string("name") == "Brown")
                #expect(info.string("picture")?.hasPrefix("https://") == true)
                #expect(info.json["email"] == nil)
            }
            let profileOnly = try #require(try await harness.login(scope: "profile").string("access_token"))
            let forbidden = try await harness.client.bearer("/oauth2/v2.1/userinfo", token: profileOnly)
            #expect(forbidden.status == 403)
            #expect(forbidden.string("error") == "insufficient_scope")

            let invalid = try await harness.client.bearer("/oauth2/v2.1/userinfo", token: "nope")
            #expect(invalid.status == 401)
            #expect(invalid.string("error") == "invalid_token")
            #expect(invalid.headers["www-authenticate"] == #"Bearer error="invalid_token""#)

            harness.emulator.expireAccessTokens()
            let expired = try await harness.client.bearer("/oauth2/v2.1/userinfo", token: access)
            #expect(expired.status == 401)
            #expect(expired.string("error_description") == "The access token expired")
        }
    }
}
#endif
