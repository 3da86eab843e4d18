import Foundation

/// The emulator's in-memory state: sessions, codes, tokens, keys, friendships and the clock.
///
/// Every operation takes the lock briefly; nothing slow (signing, I/O) happens under it.
final class EmulatorStore: Sendable {
    /// The configuration the emulator started with (friend flags and auto-approve live in the state).
    let configuration: EmulatorConfiguration
    private let channels: [String: EmulatorChannel]
    private let state: Locked<StoreState>

    init(configuration: EmulatorConfiguration) {
        self.configuration = configuration
        var channels: [String: EmulatorChannel] = [:]
        for channel in configuration.channels where channels[channel.channelID] == nil {
            channels[channel.channelID] = channel
        }
        self.channels = channels
        self.state = Locked(
            StoreState(
                friends: Set(configuration.users.filter(\.isFriend).map(\.userID)),
                autoApproveUserID: configuration.autoApproveUserID
            )
        )
    }

    // MARK: Clock and settings

    /// Real time plus the test offset.
    func now() -> Date {
        let offset = state.withLock { $0.clockOffset }
        return Date().addingTimeInterval(offset)
    }

    /// Moves the emulator's clock.
    func advanceClock(by seconds: TimeInterval) {
        guard seconds.isFinite else { return }
        state.withLock { $0.clockOffset += seconds }
    }

    /// The base URL (and ID token issuer), known once the server is bound.
    var baseURL: URL? {
        get { state.withLock { $0.baseURL } }
        set { state.withLock { $0.baseURL = newValue } }
    }

    /// The user signed in without pages, or `nil`.
    var autoApproveUserID: String? {
        get { state.withLock { $0.autoApproveUserID } }
        set { state.withLock { $0.autoApproveUserID = newValue } }
    }

    /// The configuration with the current friend flags and auto-approve setting.
    func currentConfiguration() -> EmulatorConfiguration {
        let (friends, autoApprove) = state.withLock { ($0.friends, $0.autoApproveUserID) }
        var current = configuration
        current.autoApproveUserID = autoApprove
        for index in current.users.indices {
            current.users[index].isFriend = friends.contains(current.users[index].userID)
        }
        return current
    }

    // MARK: Channels and users

    func channel(id: String) -> EmulatorChannel? {
        channels[id]
    }

    func user(id: String) -> EmulatorUser? {
        guard var user = configuration.users.first(where: { $0.userID == id }) else { return nil }
        user.isFriend = isFriend(userID: id)
        return user
    }

    /// The user whose email (case-insensitive) or user ID is `login` and whose password is `password`.
    func user(login: String, password: String) -> EmulatorUser? {
        let login = login.trimmingCharacters(in: .whitespaces)
        guard !login.isEmpty else { return nil }
        let match = configuration.users.first { user in
            user.userID == login || user.email.map { $0.caseInsensitiveCompare(login) == .orderedSame } == true
        }
        guard let match, Self.constantTimeEquals(match.password, password) else { return nil }
        return user(id: match.userID)
    }

    func isFriend(userID: String) -> Bool {
        state.withLock { $0.friends.contains(userID) }
    }

    /// Makes the user a friend; returns `true` when they were not one before.
    func addFriend(userID: String) -> Bool {
        state.withLock { $0.friends.insert(userID).inserted }
    }

    // MARK: Sessions

    /// Stores a pending authorization and returns its session ID (32 random bytes, hex).
    func createSession(_ request: AuthorizationRequest) -> String {
        let sessionID = RandomToken.hex(byteCount: 32)
        let now = now()
        state.withLock { state in
            state.sessions[sessionID] = PendingAuthorization(request: request, createdAt: now)
            if state.sessions.count > StoreLimits.maxSessions {
                Self.purge(&state, now: now, configuration: configuration)
                Self.evictOldest(&state.sessions, keep: StoreLimits.maxSessions * 9 / 10) { $0.createdAt }
            }
        }
        return sessionID
    }

    /// The unexpired session `id`.
    func session(_ id: String) -> PendingAuthorization? {
        let now = now()
        return state.withLock { state in
            guard let session = state.sessions[id] else { return nil }
            guard session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now else {
                state.sessions.removeValue(forKey: id)
                return nil
            }
            return session
        }
    }

    /// Records that `userID` signed in on session `id`; returns the updated session.
    func authenticateSession(_ id: String, userID: String) -> PendingAuthorization? {
        let now = now()
        return state.withLock { state in
            guard var session = state.sessions[id],
                session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now
            else { return nil }
            session.userID = userID
            session.authTime = now
            state.sessions[id] = session
            return session
        }
    }

    /// Removes and returns the unexpired session `id`.
    func takeSession(_ id: String) -> PendingAuthorization? {
        let now = now()
        return state.withLock { state in
            guard let session = state.sessions.removeValue(forKey: id),
                session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now
            else { return nil }
            return session
        }
    }

    // MARK: Codes

    /// Issues a single-use authorization code valid for 10 minutes.
    func issueCode(for request: AuthorizationRequest, userID: String, authTime: Date) -> String {
        let code = RandomToken.base64URL(byteCount: 15)
        let now = now()
        state.withLock { state in
            state.codes[code] = AuthorizationCode(
                request: request,
                userID: userID,
                authTime: authTime,
                expiresAt: now.addingTimeInterval(StoreLimits.codeLifetime)
            )
            if state.codes.count > StoreLimits.maxCodes {
                Self.purge(&state, now: now, configuration: configuration)
                Self.evictOldest(&state.codes, keep: StoreLimits.maxCodes * 9 / 10) { $0.expiresAt }
            }
        }
        return code
    }

    /// Consumes `code`: it is gone after this call whatever the caller does next.
    func takeCode(_ code: String) -> AuthorizationCode? {
        let now = now()
        return state.withLock { state in
            guard let record = state.codes.removeValue(forKey: code), record.expiresAt > now else { return nil }
            return record
        }
    }

    // MARK: Tokens

    /// Issues an access token and a new refresh token.
    func issueTokens(channelID: String, userID: String, scopes: [String]) -> IssuedTokens {
        let accessToken = RandomToken.accessToken()
        let refreshToken = RandomToken.base64URL(byteCount: 32)
        let accessHash = TokenDigest.of(accessToken)
        let refreshHash = TokenDigest.of(refreshToken)
        let now = now()
        state.withLock { state in
            state.accessTokens[accessHash] = AccessTokenRecord(
                channelID: channelID,
                userID: userID,
                scopes: scopes,
                issuedAt: now,
                expiresAt: now.addingTimeInterval(configuration.accessTokenLifetime),
                refreshTokenHash: refreshHash
            )
            state.refreshTokens[refreshHash] = RefreshTokenRecord(
                channelID: channelID,
                userID: userID,
                scopes: scopes,
                expiresAt: now.addingTimeInterval(configuration.refreshTokenLifetime),
                accessTokenHashes: [accessHash]
            )
            enforceTokenCaps(&state, now: now)
        }
        return IssuedTokens(
            accessToken: accessToken,
            refreshToken: refreshToken,
            expiresIn: Self.seconds(configuration.accessTokenLifetime),
            scopes: scopes
        )
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
        let issued: IssuedTokens? = state.withLock { state in
            guard let found = state.refreshTokens[oldHash], found.channelID == channelID, found.expiresAt > now
            else { return nil }
            let (userID, scopes) = (found.userID, found.scopes)
            if rotate {
                guard var record = state.refreshTokens.removeValue(forKey: oldHash) else { return nil }
                record.expiresAt = now.addingTimeInterval(configuration.refreshTokenLifetime)
                record.accessTokenHashes.insert(accessHash)
                for hash in record.accessTokenHashes {
                    state.accessTokens[hash]?.refreshTokenHash = newHash
                }
                state.refreshTokens[newHash] = record
            } else {
                // Mutated in place: a copy of the record would copy its set of access-token hashes on
                // every refresh (O(n) per request for a long-lived refresh token).
                // LINE: the refresh token stays valid for its lifetime counted from the latest access token.
                state.refreshTokens[oldHash]?.expiresAt = now.addingTimeInterval(configuration.refreshTokenLifetime)
                state.refreshTokens[oldHash]?.accessTokenHashes.insert(accessHash)
            }
            state.accessTokens[accessHash] = AccessTokenRecord(
                channelID: channelID,
                userID: userID,
                scopes: scopes,
                issuedAt: now,
                expiresAt: now.addingTimeInterval(configuration.accessTokenLifetime),
                refreshTokenHash: newHash
            )
            enforceTokenCaps(&state, now: now)
            return IssuedTokens(
                accessToken: accessToken,
                refreshToken: newRefreshToken,
                expiresIn: Self.seconds(configuration.accessTokenLifetime),
                scopes: scopes
            )
        }
        return issued
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

    /// Revokes an access token of `channelID`, its refresh token and that refresh token's other
    /// access tokens (LINE ends the login session). Unknown tokens are ignored.
    func revoke(accessToken: String, channelID: String) {
        let hash = TokenDigest.of(accessToken)
        state.withLock { state in
            guard let record = state.accessTokens[hash], record.channelID == channelID else { return }
            state.removeAccessToken(hash: hash)
            state.removeRefreshToken(hash: record.refreshTokenHash)
        }
    }

    /// Revokes a refresh token of `channelID` and every access token issued from it.
    func revoke(refreshToken: String, channelID: String) {
        let hash = TokenDigest.of(refreshToken)
        state.withLock { state in
            guard let record = state.refreshTokens[hash], record.channelID == channelID else { return }
            state.removeRefreshToken(hash: hash)
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

    // MARK: Keys

    func currentSigningKey() -> SigningKey {
        state.withLock { $0.keyRing.current }
    }

    func rotateSigningKey() -> String {
        let now = now()
        return state.withLock { $0.keyRing.rotate(now: now) }
    }

    /// Keys in the JWKS, also the keys `verify` accepts.
    func publishedKeys() -> [SigningKey] {
        let now = now()
        return state.withLock { $0.keyRing.publishedKeys(now: now, gracePeriod: configuration.keyRotationGracePeriod) }
    }

    // MARK: Bookkeeping

    /// Counts a request and purges expired records every ``StoreLimits/purgeInterval`` requests, once
    /// something can have expired (a purge scans every record; under load it must not run for nothing).
    func noteRequest() {
        let now = now()
        state.withLock { state in
            state.requestsSincePurge += 1
            if state.requestsSincePurge >= StoreLimits.purgeInterval, now >= state.nextPurge {
                Self.purge(&state, now: now, configuration: configuration)
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
        state.withLock { Self.purge(&$0, now: now, configuration: configuration) }
    }

    /// Every record held right now, without purging first.
    func storedRecordCount() -> Int {
        state.withLock { $0.sessions.count + $0.codes.count + $0.accessTokens.count + $0.refreshTokens.count }
    }

    /// Purges, then counts.
    func stats() -> EmulatorStats {
        let now = now()
        return state.withLock { state in
            Self.purge(&state, now: now, configuration: configuration)
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

    private static func purge(_ state: inout StoreState, now: Date, configuration: EmulatorConfiguration) {
        state.requestsSincePurge = 0
        state.sessions = state.sessions.filter { $0.value.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now }
        state.codes = state.codes.filter { $0.value.expiresAt > now }
        let retention = StoreLimits.expiredTokenRetention
        let deadAccess = state.accessTokens.filter { $0.value.expiresAt.addingTimeInterval(retention) <= now }.keys
        for hash in deadAccess {
            state.removeAccessToken(hash: hash)
        }
        let deadRefresh = state.refreshTokens.filter { $0.value.expiresAt.addingTimeInterval(retention) <= now }.keys
        for hash in deadRefresh {
            // Access tokens outlive nothing: once the refresh token is gone, so is the login session.
            state.removeRefreshToken(hash: hash)
        }
        state.keyRing.purge(now: now, gracePeriod: configuration.keyRotationGracePeriod)
        // The next purge is due when the first remaining record expires, and at least every code
        // lifetime (records created from now on expire no sooner than that).
        var next = now.addingTimeInterval(StoreLimits.codeLifetime)
        for record in state.sessions.values { next = min(next, record.createdAt.addingTimeInterval(StoreLimits.sessionLifetime)) }
        for record in state.codes.values { next = min(next, record.expiresAt) }
        for record in state.accessTokens.values { next = min(next, record.expiresAt.addingTimeInterval(retention)) }
        for record in state.refreshTokens.values { next = min(next, record.expiresAt.addingTimeInterval(retention)) }
        state.nextPurge = next
    }

    private func enforceTokenCaps(_ state: inout StoreState, now: Date) {
        if state.accessTokens.count > StoreLimits.maxAccessTokens
            || state.refreshTokens.count > StoreLimits.maxRefreshTokens
        {
            Self.purge(&state, now: now, configuration: configuration)
        }
        if state.refreshTokens.count > StoreLimits.maxRefreshTokens {
            let victims = state.refreshTokens.sorted { $0.value.expiresAt < $1.value.expiresAt }
                .prefix(state.refreshTokens.count - StoreLimits.maxRefreshTokens * 9 / 10)
                .map(\.key)
            for hash in victims { state.removeRefreshToken(hash: hash) }
        }
        if state.accessTokens.count > StoreLimits.maxAccessTokens {
            let victims = state.accessTokens.sorted { $0.value.expiresAt < $1.value.expiresAt }
                .prefix(state.accessTokens.count - StoreLimits.maxAccessTokens * 9 / 10)
                .map(\.key)
            for hash in victims { state.removeAccessToken(hash: hash) }
        }
    }

    private static func evictOldest<Value>(
        _ dictionary: inout [String: Value],
        keep: Int,
        by date: (Value) -> Date
    ) {
        guard dictionary.count > keep else { return }
        let victims = dictionary.sorted { date($0.value) < date($1.value) }.prefix(dictionary.count - keep).map(\.key)
        for key in victims { dictionary.removeValue(forKey: key) }
    }

    /// Whole seconds, never negative, never trapping on huge or non-finite values.
    static func seconds(_ interval: TimeInterval) -> Int {
        guard interval.isFinite, interval > 0 else { return 0 }
        return interval >= Double(Int32.max) * 1_000 ? Int(Int32.max) * 1_000 : Int(interval)
    }

    private static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
