#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    /// Counts a request and purges expired records every ``StoreLimits/purgeInterval`` requests, once
    /// something can have expired (a purge scans every record; under load it must not run for nothing).
    func noteRequest() {
        let now = now()
        state.withLock { state in
            state.requestsSincePurge += 1
            if state.requestsSincePurge >= StoreLimits.purgeInterval, now >= state.nextPurge {
                state.purge(now: now, keyGracePeriod: configuration.keyRotationGracePeriod)
            }
        }
    }

    /// Counts a token-endpoint request.
    func countTokenRequest(isRefresh: Bool) {
        state.withLock { state in
            state.tokenRequests += 1
            if isRefresh { state.refreshRequests += 1 }
        }
    }

    /// Drops expired records now.
    func purge() {
        let now = now()
        state.withLock { $0.purge(now: now, keyGracePeriod: configuration.keyRotationGracePeriod) }
    }

    /// Every record held right now, without purging first.
    func storedRecordCount() -> Int {
        state.withLock { $0.sessions.count + $0.codes.count + $0.accessTokens.count + $0.refreshTokens.count }
    }

    /// Purges, then counts.
    func stats() -> EmulatorStats {
        let now = now()
        return state.withLock { state in
            state.purge(now: now, keyGracePeriod: configuration.keyRotationGracePeriod)
            return EmulatorStats(
                tokenRequests: state.tokenRequests,
                refreshRequests: state.refreshRequests,
                activeCodes: state.codes.values.count { $0.expiresAt > now },
                activeAccessTokens: state.accessTokens.values.count { $0.expiresAt > now },
                activeRefreshTokens: state.refreshTokens.values.count { $0.expiresAt > now },
                activeSessions: state.sessions.count,
                storedRecords: state.sessions.count + state.codes.count + state.accessTokens.count
                    + state.refreshTokens.count,
                publishedKeys: state.keyRing.publishedKeys(now: now, gracePeriod: configuration.keyRotationGracePeriod)
                    .count
            )
        }
    }
}
#endif
