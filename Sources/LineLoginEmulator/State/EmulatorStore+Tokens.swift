#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    /// Issues an access token and a new refresh token.
    func issueTokens(channelID: String, userID: String, scopes: [String], redeemedCode: String? = nil) -> IssuedTokens {
        let accessToken = RandomToken.accessToken()
        let refreshToken = RandomToken.base64URL(byteCount: 32)
        let accessHash = TokenDigest.of(accessToken)
        let refreshHash = TokenDigest.of(refreshToken)
        let now = now()
        insertThenCap(now: now) { state in
            state.accessTokens[accessHash] = accessTokenRecord(
                channelID: channelID, userID: userID, scopes: scopes, refreshTokenHash: refreshHash, now: now)
            state.refreshTokens[refreshHash] = RefreshTokenRecord(
                channelID: channelID,
                userID: userID,
                scopes: scopes,
                expiresAt: now.addingTimeInterval(configuration.refreshTokenLifetime),
                accessTokenHashes: [accessHash],
                codeDigest: redeemedCode.map(TokenDigest.of)
            )
            if let redeemedCode {
                state.redeemedCodes[TokenDigest.of(redeemedCode)] = now.addingTimeInterval(StoreLimits.codeLifetime)
            }
        }
        return issued(accessToken: accessToken, refreshToken: refreshToken, scopes: scopes)
    }

    /// Issues a new access token from `refreshToken`; `nil` when the refresh token is unknown,
    /// expired, revoked or belongs to another channel.
    func refresh(_ refreshToken: String, channelID: String) -> IssuedTokens? {
        let oldHash = TokenDigest.of(refreshToken)
        let accessToken = RandomToken.accessToken()
        let accessHash = TokenDigest.of(accessToken)
        let rotate = configuration.rotateRefreshTokens
        let newRefreshToken = rotate ? RandomToken.base64URL(byteCount: 32) : refreshToken
        let newHash = rotate ? TokenDigest.of(newRefreshToken) : oldHash
        let now = now()
        return insertThenCap(now: now) { state -> IssuedTokens? in
            guard let found = state.refreshTokens[oldHash], found.channelID == channelID, found.expiresAt > now
            else { return nil }
            let (userID, scopes) = (found.userID, found.scopes)
            // LINE's reference (refresh-token response): "getting a new access token does not extend the
            // refresh token's validity" — the refresh token keeps the expiry it was issued with.
            if rotate {
                guard var record = state.refreshTokens.removeValue(forKey: oldHash) else { return nil }
                record.accessTokenHashes.insert(accessHash)
                for hash in record.accessTokenHashes {
                    state.accessTokens[hash]?.refreshTokenHash = newHash
                }
                state.refreshTokens[newHash] = record
            } else {
                // Mutated in place: a copy of the record would copy its set of access-token hashes on
                // every refresh (O(n) per request for a long-lived refresh token).
                state.refreshTokens[oldHash]?.accessTokenHashes.insert(accessHash)
            }
            state.accessTokens[accessHash] = accessTokenRecord(
                channelID: channelID, userID: userID, scopes: scopes, refreshTokenHash: newHash, now: now)
            return issued(accessToken: accessToken, refreshToken: newRefreshToken, scopes: scopes)
        }
    }

    /// Looks up an access token.
    func lookupAccessToken(_ token: String) -> AccessTokenLookup {
        let hash = TokenDigest.of(token)
        let now = now()
        return state.withLock { state in
            guard let record = state.accessTokens[hash] else { return .unknown }
            guard record.expiresAt > now else { return .expired }
            return .valid(record, remaining: Self.seconds(record.expiresAt.timeIntervalSince(now)))
        }
    }

    /// Revokes an access token of `channelID`, its refresh token and that refresh token's other access
    /// tokens (LINE ends the login session); `false` when it was unknown, another channel's, expired or
    /// already revoked.
    @discardableResult
    func revoke(accessToken: String, channelID: String) -> Bool {
        let hash = TokenDigest.of(accessToken)
        let now = now()
        return state.withLock { state in
            guard let record = state.accessTokens[hash], record.channelID == channelID else { return false }
            state.removeAccessToken(hash: hash)
            state.removeRefreshToken(hash: record.refreshTokenHash)
            return record.expiresAt > now
        }
    }

    /// Revokes a refresh token of `channelID` and every access token issued from it.
    /// `false` when the refresh token was unknown, another channel's, expired or already revoked.
    @discardableResult
    func revoke(refreshToken: String, channelID: String) -> Bool {
        let hash = TokenDigest.of(refreshToken)
        let now = now()
        return state.withLock { state in
            guard let record = state.refreshTokens[hash], record.channelID == channelID else { return false }
            state.removeRefreshToken(hash: hash)
            return record.expiresAt > now
        }
    }

    /// Makes every issued access token expired from now on.
    func expireAccessTokens() {
        let now = now()
        state.withLock { state in
            for hash in state.accessTokens.keys {
                if let expiresAt = state.accessTokens[hash]?.expiresAt, expiresAt > now {
                    state.accessTokens[hash]?.expiresAt = now
                }
            }
        }
    }

    /// A new access token's record, living the configured lifetime from `now`.
    private func accessTokenRecord(
        channelID: String,
        userID: String,
        scopes: [String],
        refreshTokenHash: String,
        now: Date
    ) -> AccessTokenRecord {
        AccessTokenRecord(
            channelID: channelID,
            userID: userID,
            scopes: scopes,
            issuedAt: now,
            expiresAt: now.addingTimeInterval(configuration.accessTokenLifetime),
            refreshTokenHash: refreshTokenHash
        )
    }

    /// What the token endpoint answers with for a new access token.
    private func issued(accessToken: String, refreshToken: String, scopes: [String]) -> IssuedTokens {
        IssuedTokens(
            accessToken: accessToken,
            refreshToken: refreshToken,
            expiresIn: Self.seconds(configuration.accessTokenLifetime),
            scopes: scopes
        )
    }
}
#endif
