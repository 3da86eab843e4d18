#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    /// Everything the dashboard shows, read under one lock so the tables agree with each other.
    ///
    /// Only live records are listed (expired ones linger until a purge so that verify can say "expired");
    /// sorting and trimming happen after the lock is released, since the tables can be large.
    func dashboardSnapshot() -> DashboardSnapshot {
        let realNow = Date()
        let grace = configuration.keyRotationGracePeriod
        let read = state.withLock { state in
            let now = realNow.addingTimeInterval(state.clockOffset)
            return (
                now: now,
                offset: state.clockOffset,
                friends: state.friends,
                autoApprove: state.autoApproveUserID,
                failNext: state.failNextAutoLogin,
                sessions: state.sessions.values.filter { $0.createdAt.addingTimeInterval(StoreLimits.sessionLifetime) > now },
                browserSessions: state.browserSessions.filter { $0.value.expiresAt > now },
                access: state.accessTokens.filter { $0.value.expiresAt > now },
                refresh: state.refreshTokens.filter { $0.value.expiresAt > now },
                channelTokens: state.channelAccessTokens.values.count { $0.expiresAt > now },
                codes: state.codes.values.count { $0.expiresAt > now },
                keys: state.keyRing.publishedKeys(now: now, gracePeriod: grace)
            )
        }
        var seenChannels = Set<String>()
        let channels = configuration.channels.filter { seenChannels.insert($0.channelID).inserted }.map { channel in
            DashboardSnapshot.Channel(
                channelID: channel.channelID,
                callbackURLs: channel.callbackURLs,
                botName: channel.botName,
                allowedScopes: channel.allowedScopes,
                emailPermission: channel.emailPermission,
                nativeApp: channel.nativeApp,
                webOnly: channel.webOnly,
                iOSBundleID: channel.iOSBundleID,
                autoLoginFails: channel.autoLoginFails
            )
        }
        let users = configuration.users.map { user in
            DashboardSnapshot.User(
                userID: user.userID, displayName: user.displayName, email: user.email,
                isFriend: read.friends.contains(user.userID))
        }
        let sessions = read.sessions.map { session in
            DashboardSnapshot.Session(
                channelID: session.request.channelID,
                redirectURI: session.request.redirectURI,
                scopes: session.request.scopes,
                userID: session.userID,
                createdAt: session.createdAt,
                expiresAt: session.createdAt.addingTimeInterval(StoreLimits.sessionLifetime)
            )
        }
        let browserSessions = read.browserSessions.map { digest, session in
            DashboardSnapshot.BrowserSessionRow(
                fingerprint: DashboardSnapshot.fingerprint(ofDigest: digest),
                userID: session.userID, authTime: session.authTime, expiresAt: session.expiresAt)
        }
        let accessTokens = read.access.map { digest, record in
            DashboardSnapshot.AccessToken(
                fingerprint: DashboardSnapshot.fingerprint(ofDigest: digest),
                channelID: record.channelID, userID: record.userID, scopes: record.scopes,
                issuedAt: record.issuedAt, expiresAt: record.expiresAt)
        }
        let refreshTokens = read.refresh.map { digest, record in
            DashboardSnapshot.RefreshToken(
                fingerprint: DashboardSnapshot.fingerprint(ofDigest: digest),
                channelID: record.channelID, userID: record.userID, scopes: record.scopes,
                expiresAt: record.expiresAt, accessTokenCount: record.accessTokenHashes.count)
        }
        // The ring keeps keys oldest first and the current one last; the page lists the current one first.
        let keys = read.keys.reversed().map { key in
            DashboardSnapshot.Key(
                keyID: key.keyID, algorithm: key.jwk.alg, retiredAt: key.retiredAt,
                publishedUntil: key.retiredAt?.addingTimeInterval(grace))
        }
        return DashboardSnapshot(
            now: read.now,
            clockOffset: read.offset,
            channels: channels,
            users: users,
            autoApproveUserID: read.autoApprove,
            failNextAutoLogin: read.failNext,
            sessions: DashboardSnapshot.newest(sessions) { $0.createdAt > $1.createdAt },
            browserSessions: DashboardSnapshot.newest(browserSessions) { $0.authTime > $1.authTime },
            accessTokens: DashboardSnapshot.newest(accessTokens) { $0.issuedAt > $1.issuedAt },
            refreshTokens: DashboardSnapshot.newest(refreshTokens) { $0.expiresAt > $1.expiresAt },
            channelAccessTokens: read.channelTokens,
            authorizationCodes: read.codes,
            keys: keys
        )
    }
}
#endif
