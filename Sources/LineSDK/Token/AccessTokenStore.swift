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
///
/// A mirror of the manager's session, written two ways and kept in step by stamps:
/// - an assignment to ``current`` shows at once (read-your-writes) and is queued for the session, which
///   takes assignments one at a time in the order they were made;
/// - the session reports its own changes (a login, a refresh, a sign-out, the first read of the store), and
///   a report counts only when no assignment is still on its way to the session (it would be about an
///   older token) and it comes from the session of the manager's latest setup.
///
/// The ``changes`` stream follows the mirror's order. NotificationCenter's notifications are posted on the
/// thread that made the change, after it: changes made at the same moment from several threads may be
/// posted in either order.
public final class AccessTokenStore: Sendable {
    /// The store of `LoginManager.shared`.
    public static var shared: AccessTokenStore { LoginManager.shared.accessTokenStore }

    /// The mirror's state, under one lock.
    private struct State: Sendable {
        var token: AccessToken?
        /// How many assignments were made; each is stamped with the count after it.
        var assigned: UInt64 = 0
        /// The stamp of the last assignment the session has taken. The session's reports count only when it
        /// equals `assigned`.
        var applied: UInt64 = 0
        /// Where assignments go: the session of the manager's latest setup; `nil` before the first.
        var writer: SessionWriter?
        var observers: [UUID: AsyncStream<AccessToken?>.Continuation] = [:]

        /// Shows `newToken`, tells the streams when it differs, and returns the token it replaced.
        mutating func show(_ newToken: AccessToken?, notify: Bool) -> AccessToken? {
            let old = token
            token = newToken
            if notify, old != newToken { for continuation in observers.values { continuation.yield(newToken) } }
            return old
        }
    }

    private let state = LockedValue(State())

    init() {}

    /// The stored access token, `nil` when logged out. Setting it, as LINE's SDK allows, replaces the
    /// session: the new token (with the refresh token it carries) is used by every call and saved to the
    /// token store, and `nil` logs out locally (nothing is revoked). Reading it right after setting it gives
    /// what was set; the session takes assignments in the order they were made.
    public var current: AccessToken? {
        get { state.withLock { $0.token } }
        set {
            let old = state.withLock { state -> AccessToken? in
                state.assigned += 1
                // Queued under the lock, so the queue's order is the stamps' order.
                if let writer = state.writer { writer.enqueue(newValue, stamp: state.assigned) } else { state.applied = state.assigned }
                return state.show(newValue, notify: true)
            }
            Self.post(from: old, to: newValue)
        }
    }

    /// Token changes: a new token after login or refresh, `nil` after logout.
    public var changes: AsyncStream<AccessToken?> {
        let (stream, continuation) = AsyncStream<AccessToken?>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        state.withLock { $0.observers[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { $0.observers[id] = nil } }
        return stream
    }

    /// A setup's session takes over: assignments go to `writer`, and `token` (what the store held, read
    /// synchronously) shows without a notification, as LINE's SDK shows a stored session at launch.
    func install(_ writer: SessionWriter, showing token: AccessToken?) {
        state.withLock { state in
            state.writer = writer
            // Assignments queued for an earlier setup's session say nothing about this one.
            state.applied = state.assigned
            _ = state.show(token, notify: false)
        }
    }

    /// The session of `writer` changed on its own (login, refresh, sign-out, the first read of the store).
    /// Dropped when an assignment is still on its way to the session, or when `writer` is not the latest
    /// setup's: in both cases the report is about a token the mirror has moved past.
    func sessionChanged(to newToken: AccessToken?, from writer: SessionWriter) {
        // `nil`: dropped; `.some(old)`: shown, replacing `old`.
        let replaced = state.withLock { state -> AccessToken?? in
            guard state.writer === writer, state.applied == state.assigned else { return nil }
            return .some(state.show(newToken, notify: true))
        }
        if case .some(let old) = replaced { Self.post(from: old, to: newToken) }
    }

    /// The session has taken the assignment stamped `stamp` (and every one before it).
    func applied(_ stamp: UInt64) {
        state.withLock { $0.applied = max($0.applied, stamp) }
    }

    /// Returns once the session has taken every assignment made before the call: then, with nothing else
    /// writing, the session, its store and ``current`` hold the same token.
    func settled() async {
        guard let writer = state.withLock({ $0.writer }) else { return }
        await writer.drain()
    }

    /// LINE's notifications for a change from `old` to `new`, outside the lock (observers run synchronously
    /// and may read `current`).
    private static func post(from old: AccessToken?, to new: AccessToken?) {
        guard old != new else { return }
        if let new {
            var info: [String: Any] = [LineSDKNotificationKey.newAccessToken: new]
            if let old { info[LineSDKNotificationKey.oldAccessToken] = old }
            NotificationCenter.default.post(name: .LineSDKAccessTokenDidUpdate, object: new, userInfo: info)
        } else if let old {
            NotificationCenter.default.post(name: .LineSDKAccessTokenDidRemove, object: old, userInfo: nil)
        }
    }
}
