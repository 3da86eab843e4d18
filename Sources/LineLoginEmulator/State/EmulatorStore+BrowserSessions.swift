#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    /// Starts an SSO session for `userID`, authenticated at `authTime`; returns the cookie's value
    /// (32 random bytes, base64url), which the state keeps only as a digest.
    func createBrowserSession(userID: String, authTime: Date) -> String {
        let cookie = RandomToken.base64URL(byteCount: 32)
        let now = now()
        let session = BrowserSession(
            userID: userID,
            authTime: authTime,
            expiresAt: now.addingTimeInterval(StoreLimits.browserSessionLifetime)
        )
        insertThenCap(now: now) { $0.browserSessions[TokenDigest.of(cookie)] = session }
        return cookie
    }

    /// The unexpired SSO session of cookie value `cookie`, if its user is still configured.
    func browserSession(cookie: String?) -> BrowserSession? {
        guard let cookie, !cookie.isEmpty else { return nil }
        let now = now()
        let digest = TokenDigest.of(cookie)
        let session: BrowserSession? = state.withLock { state in
            guard let session = state.browserSessions[digest] else { return nil }
            guard session.expiresAt > now else {
                state.browserSessions.removeValue(forKey: digest)
                return nil
            }
            return session
        }
        guard let session, user(id: session.userID) != nil else { return nil }
        return session
    }

    /// Whether `userID` granted `channelID` every scope in `scopes` before.
    func hasGranted(_ scopes: [String], channelID: String, userID: String) -> Bool {
        let granted = state.withLock { $0.grants[ConsentGrant(channelID: channelID, userID: userID)] ?? [] }
        return scopes.allSatisfy(granted.contains)
    }

    /// Records that `userID` granted `channelID` the `scopes`.
    func recordGrant(_ scopes: [String], channelID: String, userID: String) {
        state.withLock { $0.grants[ConsentGrant(channelID: channelID, userID: userID), default: []].formUnion(scopes) }
    }
}
#endif
