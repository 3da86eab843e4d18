#if Emulator
import Foundation

extension StoreState {
    /// Drops expired sessions, codes and retired keys, and tokens past their retention, then notes
    /// when the next purge can find something.
    mutating func purge(now: Date, keyGracePeriod: TimeInterval) {
        requestsSincePurge = 0
        sessions = sessions.filter { $0.value.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now }
        codes = codes.filter { $0.value.expiresAt > now }
        redeemedCodes = redeemedCodes.filter { $0.value > now }
        browserSessions = browserSessions.filter { $0.value.expiresAt > now }
        let retention = StoreLimits.expiredTokenRetention
        let deadAccess = accessTokens.filter { $0.value.expiresAt.addingTimeInterval(retention) <= now }.keys
        for hash in deadAccess {
            removeAccessToken(hash: hash)
        }
        let deadRefresh = refreshTokens.filter { $0.value.expiresAt.addingTimeInterval(retention) <= now }.keys
        for hash in deadRefresh {
            // Access tokens outlive nothing: once the refresh token is gone, so is the login session.
            removeRefreshToken(hash: hash)
        }
        keyRing.purge(now: now, gracePeriod: keyGracePeriod)
        // The next purge is due when the first remaining record expires, and at least every code
        // lifetime (records created from now on expire no sooner than that).
        var next = now.addingTimeInterval(StoreLimits.codeLifetime)
        for record in sessions.values { next = min(next, record.createdAt.addingTimeInterval(StoreLimits.sessionLifetime)) }
        for record in codes.values { next = min(next, record.expiresAt) }
        for expiry in redeemedCodes.values { next = min(next, expiry) }
        for record in browserSessions.values { next = min(next, record.expiresAt) }
        for record in accessTokens.values { next = min(next, record.expiresAt.addingTimeInterval(retention)) }
        for record in refreshTokens.values { next = min(next, record.expiresAt.addingTimeInterval(retention)) }
        nextPurge = next
    }
}
#endif
