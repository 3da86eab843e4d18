#if Emulator
import Foundation
import Testing

@testable import LineLoginEmulator

/// `StoreState.insertThenCap`, the one way records enter the emulator's state, with small caps.
@Suite("Insert then cap")
struct InsertThenCapTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let request = AuthorizationRequest(
        channelID: "1234567890", redirectURI: "https://app.example/callback", state: "s", scopes: ["profile"],
        nonce: nil, codeChallenge: nil, botPrompt: nil, maxAge: nil
    )

    static func insertSessions(
        _ state: inout StoreState,
        caps: TableCaps,
        ages: [TimeInterval]
    ) {
        for age in ages {
            state.insertThenCap(now: now, keyGracePeriod: 0, caps: caps) {
                $0.sessions["age-\(Int(age))"] = PendingAuthorization(request: request, createdAt: now - age)
            }
        }
    }

    static func accessToken(_ refreshHash: String, expiresIn seconds: TimeInterval) -> AccessTokenRecord {
        AccessTokenRecord(
            channelID: "c", userID: "u", scopes: [], issuedAt: now,
            expiresAt: now + seconds, refreshTokenHash: refreshHash)
    }

    static func refreshToken(_ accessHashes: Set<String>, expiresIn seconds: TimeInterval) -> RefreshTokenRecord {
        RefreshTokenRecord(channelID: "c", userID: "u", scopes: [], expiresAt: now + seconds, accessTokenHashes: accessHashes)
    }

    @Test func withinTheCapNothingIsPurgedOrDropped() {
        var state = StoreState(friends: [])
        // Sessions live 10 minutes: these two have expired, and stay until something needs the room.
        Self.insertSessions(&state, caps: TableCaps(sessions: 4), ages: [700, 800, 10, 20])
        #expect(state.sessions.count == 4)
    }

    @Test func overTheCapExpiredRecordsGoFirst() {
        var state = StoreState(friends: [])
        Self.insertSessions(&state, caps: TableCaps(sessions: 10), ages: [700, 800, 900, 10, 20, 30, 40, 50, 60, 70, 80])
        // 11 > 10: the purge takes the three expired ones, which leaves 8, under 9/10 of the cap.
        #expect(Set(state.sessions.keys) == Set([10, 20, 30, 40, 50, 60, 70, 80].map { "age-\($0)" }))
    }

    @Test func overTheCapTheOldestGoDownToNineTenths() {
        var state = StoreState(friends: [])
        Self.insertSessions(&state, caps: TableCaps(sessions: 10), ages: (1...11).map { TimeInterval($0 * 10) })
        // Nothing expired: the two oldest of 11 go, leaving 9 (9/10 of the cap).
        #expect(Set(state.sessions.keys) == Set((1...9).map { "age-\($0 * 10)" }))
        // Room for a tenth more before the next trim.
        Self.insertSessions(&state, caps: TableCaps(sessions: 10), ages: [1])
        #expect(state.sessions.count == 10)
    }

    @Test func onlyTheTablesPushedOverAreTrimmed() {
        var state = StoreState(friends: [])
        let caps = TableCaps(sessions: 10, codes: 10)
        for index in 0..<10 {
            state.insertThenCap(now: Self.now, keyGracePeriod: 0, caps: caps) {
                $0.codes["code-\(index)"] = AuthorizationCode(
                    request: Self.request, userID: "u", authTime: Self.now, amr: ["pwd"], expiresAt: Self.now + TimeInterval(index + 1))
            }
        }
        Self.insertSessions(&state, caps: caps, ages: (1...11).map { TimeInterval($0) })
        #expect(state.sessions.count == 9)
        #expect(state.codes.count == 10, "at the cap, not over it: untouched")
    }

    @Test func aDroppedRefreshTokenTakesItsAccessTokens() {
        var state = StoreState(friends: [])
        let caps = TableCaps(accessTokens: 100, refreshTokens: 2)
        for (index, expiresIn) in [300.0, 100, 200].enumerated() {
            state.insertThenCap(now: Self.now, keyGracePeriod: 0, caps: caps) {
                $0.accessTokens["a\(index)"] = Self.accessToken("r\(index)", expiresIn: 60)
                $0.refreshTokens["r\(index)"] = Self.refreshToken(["a\(index)"], expiresIn: expiresIn)
            }
        }
        // 3 > 2: trimmed to 1 (9/10 of 2), keeping the refresh token that expires last, and its access token.
        #expect(Array(state.refreshTokens.keys) == ["r0"])
        #expect(Array(state.accessTokens.keys) == ["a0"])
    }

    @Test func returnsWhatTheInsertReturns() {
        var state = StoreState(friends: [])
        let value = state.insertThenCap(now: Self.now, keyGracePeriod: 0) { _ in 42 }
        #expect(value == 42)
    }
}
#endif
