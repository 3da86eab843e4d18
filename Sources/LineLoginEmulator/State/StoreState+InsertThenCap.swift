#if Emulator
import Foundation

extension StoreState {
    /// Runs `insert`, then brings every table it pushed over its cap back to 9/10 of the cap: expired
    /// records go first (one purge for all tables), then the records that expire (or, for sessions,
    /// began) first.
    ///
    /// Every insert into a capped table goes through here, so each table is within its cap before an
    /// insert and only the tables just inserted into can be over it after. Trimming to 9/10 rather
    /// than to the cap spaces the purges out: the next tenth of inserts pays for no scan or sort.
    mutating func insertThenCap<Result>(
        now: Date,
        keyGracePeriod: TimeInterval,
        caps: TableCaps = TableCaps(),
        _ insert: (inout StoreState) -> Result
    ) -> Result {
        let result = insert(&self)
        let over = (
            sessions: sessions.count > caps.sessions,
            browserSessions: browserSessions.count > caps.browserSessions,
            codes: codes.count > caps.codes,
            redeemedCodes: redeemedCodes.count > caps.codes,
            accessTokens: accessTokens.count > caps.accessTokens,
            refreshTokens: refreshTokens.count > caps.refreshTokens
        )
        guard over.sessions || over.browserSessions || over.codes || over.redeemedCodes || over.accessTokens || over.refreshTokens else {
            return result
        }
        purge(now: now, keyGracePeriod: keyGracePeriod)
        if over.sessions {
            for id in Self.oldest(sessions, beyond: caps.sessions, by: \.createdAt) { sessions.removeValue(forKey: id) }
        }
        if over.browserSessions {
            for id in Self.oldest(browserSessions, beyond: caps.browserSessions, by: \.expiresAt) {
                browserSessions.removeValue(forKey: id)
            }
        }
        if over.codes {
            for code in Self.oldest(codes, beyond: caps.codes, by: \.expiresAt) { codes.removeValue(forKey: code) }
        }
        if over.redeemedCodes {
            for digest in Self.oldest(redeemedCodes, beyond: caps.codes, by: { $0 }) { redeemedCodes.removeValue(forKey: digest) }
        }
        // Refresh tokens before access tokens: each takes its access tokens with it.
        if over.refreshTokens {
            for hash in Self.oldest(refreshTokens, beyond: caps.refreshTokens, by: \.expiresAt) {
                removeRefreshToken(hash: hash)
            }
        }
        if over.accessTokens {
            for hash in Self.oldest(accessTokens, beyond: caps.accessTokens, by: \.expiresAt) {
                removeAccessToken(hash: hash)
            }
        }
        return result
    }

    /// The keys to drop, first by `date`, for `table` to hold 9/10 of `cap`; none when it already does.
    private static func oldest<Value>(_ table: [String: Value], beyond cap: Int, by date: (Value) -> Date) -> [String] {
        let keep = cap * 9 / 10
        guard table.count > keep else { return [] }
        return table.sorted { date($0.value) < date($1.value) }.prefix(table.count - keep).map(\.key)
    }
}
#endif
