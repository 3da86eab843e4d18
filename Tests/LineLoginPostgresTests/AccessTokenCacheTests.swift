#if PostgreSQL && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginServer
import LineSDK
import OAuthEngine
import Testing
@testable import LineLoginServerTestSupport

/// What every ``AccessTokenCaching`` must do, run for the memory cache and the PostgreSQL one: an entry is
/// served until its token expires or the maximum age passes, never after, and removing it removes it.
@Suite struct AccessTokenCacheTests {
    let clock = TestClock()

    func verified(expiresIn: TimeInterval) -> VerifiedAccessToken {
        VerifiedAccessToken(
            channelID: TestTokens.channelID, scopes: ["profile", "openid"], expiresAt: clock.now().addingTimeInterval(expiresIn),
            profile: UserProfile(
                userID: TestTokens.userID, displayName: "Brown", pictureURL: URL(string: "https://profile.line-scdn.net/brown"),
                statusMessage: "Hello, LINE!"))
    }

    @Test(arguments: StoreKind.all) func anEntryIsServedWholeUntilItsTokenExpires(_ kind: StoreKind) async throws {
        let value = verified(expiresIn: 120)
        try await kind.withAccessTokenCache(clock: clock) { [clock] cache in
            #expect(try await cache.value(for: "token-a") == nil)
            try await cache.insert(value, for: "token-a")
            #expect(try await cache.value(for: "token-a") == value, "the profile, scopes and expiry come back as they went in")
            #expect(try await cache.value(for: "token-b") == nil)
            clock.advance(by: 121)
            #expect(try await cache.value(for: "token-a") == nil, "never past the token's expiry")
        }
    }

    @Test(arguments: StoreKind.all) func theMaximumAgeBoundsALongLivedToken(_ kind: StoreKind) async throws {
        let value = verified(expiresIn: 30 * 86_400)
        try await kind.withAccessTokenCache(maximumAge: 60, clock: clock) { [clock] cache in
            try await cache.insert(value, for: "token")
            clock.advance(by: 59)
            #expect(try await cache.value(for: "token") != nil)
            clock.advance(by: 2)
            #expect(try await cache.value(for: "token") == nil, "a token revoked at LINE stops working here within the maximum age")
        }
    }

    @Test(arguments: StoreKind.all) func aRemovedTokenIsGoneAndAnExpiredOneIsNeverStored(_ kind: StoreKind) async throws {
        try await kind.withAccessTokenCache(clock: clock) { cache in
            try await cache.insert(verified(expiresIn: 120), for: "token")
            try await cache.remove(token: "token")
            #expect(try await cache.value(for: "token") == nil)
            try await cache.remove(token: "never-stored")
            try await cache.insert(verified(expiresIn: -1), for: "expired")
            #expect(try await cache.value(for: "expired") == nil)
        }
    }
}
#endif
