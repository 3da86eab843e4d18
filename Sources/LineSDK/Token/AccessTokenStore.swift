public import Foundation
import OAuthEngine
import LineLoginPrimitives

extension Notification.Name {
    /// Posted when a new access token is stored (login, refresh), as LINE's SDK posts it: `object` is the
    /// new ``AccessToken``; `userInfo` holds ``LineSDKNotificationKey/newAccessToken`` and, when there was
    /// one, ``LineSDKNotificationKey/oldAccessToken``.
    public static let LineSDKAccessTokenDidUpdate = Notification.Name("com.linecorp.linesdk.AccessTokenDidUpdate")
    /// Posted when the access token is removed (logout, a revoked or dead refresh token), as LINE's SDK
    /// posts it: `object` is the removed ``AccessToken``, `userInfo` is `nil`.
    public static let LineSDKAccessTokenDidRemove = Notification.Name("com.linecorp.linesdk.AccessTokenDidRemove")
}

/// Keys of the token notifications' `userInfo`.
public struct LineSDKNotificationKey: Sendable {
    /// The new ``AccessToken``.
    public static let newAccessToken = "newAccessToken"
    /// The previous ``AccessToken``.
    public static let oldAccessToken = "oldAccessToken"
}

/// The current access token of a ``LoginManager``, readable synchronously as in LINE's SDK, with change
/// notifications (NotificationCenter and an `AsyncStream`).
public final class AccessTokenStore: Sendable {
    /// The store of `LoginManager.shared`.
    public static var shared: AccessTokenStore { LoginManager.shared.accessTokenStore }

    private let token = LockedValue<AccessToken?>(nil)
    private let observers = LockedValue<[UUID: AsyncStream<AccessToken?>.Continuation]>([:])

    init() {}

    /// The stored access token, `nil` when logged out. Setting it, as LINE's SDK allows, replaces the
    /// session: the new token (with the refresh token it carries) is used by every call and saved to the
    /// token store, and `nil` logs out locally (nothing is revoked).
    public var current: AccessToken? {
        get { token.current }
        set {
            update(newValue)
            replaceSession.current?(newValue)
        }
    }

    // Installed by the manager at setup: hands a token set here to the session behind it.
    let replaceSession = LockedValue<(@Sendable (AccessToken?) -> Void)?>(nil)

    /// Token changes: a new token after login or refresh, `nil` after logout.
    public var changes: AsyncStream<AccessToken?> {
        let (stream, continuation) = AsyncStream<AccessToken?>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        observers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.observers.withLock { $0[id] = nil } }
        return stream
    }

    func updateIfEmpty(_ newToken: AccessToken) {
        let filled = token.withLock { current -> Bool in
            guard current == nil else { return false }
            current = newToken
            return true
        }
        if filled { for continuation in observers.current.values { continuation.yield(newToken) } }
    }

    func update(_ newToken: AccessToken?, notify: Bool = true) {
        let old = token.withLock { current -> AccessToken? in
            let old = current
            current = newToken
            return old
        }
        guard notify, old != newToken else { return }
        for continuation in observers.current.values { continuation.yield(newToken) }
        if let newToken {
            var info: [String: Any] = [LineSDKNotificationKey.newAccessToken: newToken]
            if let old { info[LineSDKNotificationKey.oldAccessToken] = old }
            NotificationCenter.default.post(name: .LineSDKAccessTokenDidUpdate, object: newToken, userInfo: info)
        } else if let old {
            NotificationCenter.default.post(name: .LineSDKAccessTokenDidRemove, object: old, userInfo: nil)
        }
    }
}
