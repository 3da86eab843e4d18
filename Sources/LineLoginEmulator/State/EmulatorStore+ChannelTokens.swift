#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    /// LINE's stateless channel access tokens live 15 minutes.
    static let channelAccessTokenLifetime: TimeInterval = 900
    /// The most live channel access tokens kept (LINE issues them without limit; the emulator bounds memory).
    static let maxChannelAccessTokens = 10_000

    /// Issues a stateless channel access token for `channelID`.
    func issueChannelAccessToken(channelID: String) -> (token: String, expiresIn: Int) {
        let token = RandomToken.accessToken()
        let now = now()
        state.withLock { state in
            state.channelAccessTokens = state.channelAccessTokens.filter { $0.value.expiresAt > now }
            if state.channelAccessTokens.count >= Self.maxChannelAccessTokens,
                let oldest = state.channelAccessTokens.min(by: { $0.value.expiresAt < $1.value.expiresAt })?.key
            {
                state.channelAccessTokens.removeValue(forKey: oldest)
            }
            state.channelAccessTokens[TokenDigest.of(token)] = ChannelAccessTokenRecord(
                channelID: channelID, expiresAt: now.addingTimeInterval(Self.channelAccessTokenLifetime))
        }
        return (token, Int(Self.channelAccessTokenLifetime))
    }

    /// The channel a live channel access token belongs to, or `nil`.
    func channelID(forChannelAccessToken token: String) -> String? {
        let now = now()
        return state.withLock { state in
            guard let record = state.channelAccessTokens[TokenDigest.of(token)], record.expiresAt > now else { return nil }
            return record.channelID
        }
    }

    /// Ends what a user authorized for `channelID` (LINE's deauthorize): the user's consent to the channel
    /// (the next login asks again; `prompt=none` answers `consent_required`), the codes issued to the
    /// channel for the user and not yet exchanged, and every access and refresh token of that user for
    /// that channel. Other channels' consents and tokens, and the browser's SSO session, stay: the user
    /// withdrew from one app, not from LINE. `false` when `userAccessToken` is unknown, expired or another
    /// channel's.
    func deauthorize(userAccessToken: String, channelID: String) -> Bool {
        let now = now()
        return state.withLock { state in
            guard let record = state.accessTokens[TokenDigest.of(userAccessToken)], record.channelID == channelID,
                record.expiresAt > now
            else { return false }
            let user = record.userID
            state.grants.removeValue(forKey: ConsentGrant(channelID: channelID, userID: user))
            for (code, issued) in state.codes where issued.request.channelID == channelID && issued.userID == user {
                state.codes.removeValue(forKey: code)
            }
            for (hash, token) in state.refreshTokens where token.channelID == channelID && token.userID == user {
                state.removeRefreshToken(hash: hash)
            }
            for (hash, token) in state.accessTokens where token.channelID == channelID && token.userID == user {
                state.removeAccessToken(hash: hash)
            }
            return true
        }
    }
}

extension EmulatorStore {
    /// Arms a one-time auto-login failure (the test control `fail-next-auto-login`).
    func failNextAutoLogin() {
        state.withLock { $0.failNextAutoLogin = true }
    }

    /// Whether this auto login for `channel` fails: the channel's setting, or the armed one-time failure
    /// (used up here).
    func autoLoginFails(for channel: EmulatorChannel) -> Bool {
        state.withLock { state in
            defer { state.failNextAutoLogin = false }
            return channel.autoLoginFails || state.failNextAutoLogin
        }
    }
}
#endif
