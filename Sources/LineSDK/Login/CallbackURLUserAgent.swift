public import Foundation
public import OAuthEngine

/// A user agent whose redirect comes back through the app: a universal link or the
/// `line3rdp.<bundle id>://authorize/` scheme, delivered by `LoginManager.application(_:open:options:)`.
/// It opens the authorization URL with `open` (e.g. `UIApplication.open`) and waits for ``deliver(_:)``.
public final class CallbackURLUserAgent: UserAgent, @unchecked Sendable {
    private let redirect: URL
    private let opener: @Sendable (URL) -> Void
    private let lock = NSLock()
    private var waiting: CheckedContinuation<URL, any Error>?
    private var waitingRedirectURI: URL?

    /// - Parameters:
    ///   - redirectURI: the registered callback (universal link or custom scheme).
    ///   - open: shows the authorization URL (system browser, in-app browser).
    public init(redirectURI: URL, open: @escaping @Sendable (URL) -> Void) {
        redirect = redirectURI
        opener = open
    }

    /// Starts an attempt whose redirect URI is the registered callback.
    public func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
        Session(agent: self, redirectURI: redirectURI ?? redirect)
    }

    /// Hands a callback URL to the waiting login; `false` when no login is waiting or the URL is not a
    /// redirect to that login's redirect URI (another app may open any URL: it must not end the login).
    @discardableResult
    public func deliver(_ url: URL) -> Bool {
        lock.lock()
        guard let redirectURI = waitingRedirectURI, AuthorizationResponse.matches(url, redirectURI: redirectURI) else {
            lock.unlock()
            return false
        }
        let continuation = waiting
        waiting = nil
        waitingRedirectURI = nil
        lock.unlock()
        guard let continuation else { return false }
        continuation.resume(returning: url)
        return true
    }

    /// Whether a login is waiting for its callback.
    public var isWaiting: Bool {
        lock.lock()
        defer { lock.unlock() }
        return waiting != nil
    }

    fileprivate func wait(opening url: URL, redirectURI: URL) async throws(UserAgentError) -> URL {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                    lock.lock()
                    let previous = waiting
                    waiting = continuation
                    waitingRedirectURI = redirectURI
                    lock.unlock()
                    previous?.resume(throwing: UserAgentError.cancelled)
                    opener(url)
                }
            } onCancel: {
                self.cancelWaiting()
            }
        } catch let error as UserAgentError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    fileprivate func cancelWaiting() {
        lock.lock()
        let continuation = waiting
        waiting = nil
        waitingRedirectURI = nil
        lock.unlock()
        continuation?.resume(throwing: UserAgentError.cancelled)
    }

    private struct Session: UserAgentSession {
        let agent: CallbackURLUserAgent
        let redirectURI: URL
        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL { try await agent.wait(opening: authorizationURL, redirectURI: redirectURI) }
        func cancel() { agent.cancelWaiting() }
    }
}
