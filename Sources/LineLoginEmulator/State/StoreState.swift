#if Emulator
import Foundation

/// The mutable state of the emulator, guarded by ``EmulatorStore``'s lock.
struct StoreState: Sendable {
    var clockOffset: TimeInterval = 0
    var sessions: [String: PendingAuthorization] = [:]
    /// SSO sessions by the digest of their cookie.
    var browserSessions: [String: BrowserSession] = [:]
    /// Scopes each user granted each channel.
    var grants: [ConsentGrant: Set<String>] = [:]
    var codes: [String: AuthorizationCode] = [:]
    /// Digests of exchanged codes (of channels that revoke a replayed code's tokens) until they would
    /// have expired: a replay within that time is recognised.
    var redeemedCodes: [String: Date] = [:]
    var accessTokens: [String: AccessTokenRecord] = [:]
    var refreshTokens: [String: RefreshTokenRecord] = [:]
    /// Stateless channel access tokens (`POST /oauth2/v3/token`) by digest: the channel and the expiry.
    var channelAccessTokens: [String: ChannelAccessTokenRecord] = [:]
    var keyRing = KeyRing()
    /// Users who are friends of the linked official accounts.
    var friends: Set<String>
    var autoApproveUserID: String?
    /// The next auto login fails (a test control), then this resets.
    var failNextAutoLogin = false
    var baseURL: URL?
    /// Whether the emulator answers for LINE's host names (HTTPS with the local authority's certificate).
    var answersForLINEHosts = false
    /// Bumped after every request is answered: a state file is written only when it moved.
    var revision = 0
    var tokenRequests = 0
    var refreshRequests = 0
    var requestsSincePurge = 0
    /// No record can expire before this, so no purge is needed until then.
    var nextPurge = Date.distantPast

    /// Removes an access token and its link from its refresh token.
    mutating func removeAccessToken(hash: String) {
        guard let record = accessTokens.removeValue(forKey: hash) else { return }
        refreshTokens[record.refreshTokenHash]?.accessTokenHashes.remove(hash)
    }

    /// Removes a refresh token and every access token issued from it.
    mutating func removeRefreshToken(hash: String) {
        guard let record = refreshTokens.removeValue(forKey: hash) else { return }
        for accessHash in record.accessTokenHashes {
            accessTokens.removeValue(forKey: accessHash)
        }
    }
}
#endif
