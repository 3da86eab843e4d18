#if canImport(AuthenticationServices) && (canImport(UIKit) || canImport(AppKit)) && !os(tvOS) && !os(watchOS)
public import AuthenticationServices
public import Foundation
#if canImport(UIKit)
public import UIKit
#else
public import AppKit
#endif

/// The Apple user agent for any provider: `ASWebAuthenticationSession` shows the authorization page in a
/// browser sheet that shares Safari's sign-in state (unless ephemeral) and catches the redirect to the app's
/// custom scheme, or to an `https` URL of the app's associated domain on iOS 17.4 and macOS 14.4 or later.
///
/// Provider-neutral, as AppAuth keeps its iOS agent beside its core: LinkedIn or any OpenID Connect provider
/// signs in with it through ``OAuthClient`` or ``AuthorizationCodeFlow``, and LineSDK builds its web login on
/// it. Which redirect is caught and what a failure means are decided in ``WebAuthenticationCallback``.
public final class WebAuthenticationSessionUserAgent: UserAgent {
    /// The redirect URI the session waits for.
    public let redirectURI: URL
    /// `true` asks the browser to share no cookies or sign-in state with Safari.
    public let prefersEphemeralWebBrowserSession: Bool
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor?

    /// - Parameters:
    ///   - redirectURI: a custom-scheme URI (`com.example.app:/oauth/callback`) or, from iOS 17.4 and
    ///     macOS 14.4, an `https` URI on a domain the app associates with `webcredentials:`.
    ///   - prefersEphemeralWebBrowserSession: no shared cookies (no "signed in already" with Safari).
    ///   - anchor: the window the sheet is shown over; `nil` from it means the app's key window.
    public init(
        redirectURI: URL, prefersEphemeralWebBrowserSession: Bool = false,
        anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor? = { nil }
    ) {
        self.redirectURI = redirectURI
        self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
        self.anchor = anchor
    }

    #if canImport(UIKit)
    /// An agent whose sheet is shown over `viewController`'s window (held weakly).
    @MainActor public convenience init(
        redirectURI: URL, presenting viewController: UIViewController?, prefersEphemeralWebBrowserSession: Bool = false
    ) {
        self.init(redirectURI: redirectURI, prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession) {
            [weak viewController] in viewController?.view.window
        }
    }
    #else
    /// An agent whose sheet is shown over `window` (held weakly).
    @MainActor public convenience init(
        redirectURI: URL, presenting window: NSWindow?, prefersEphemeralWebBrowserSession: Bool = false
    ) {
        self.init(redirectURI: redirectURI, prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession) {
            [weak window] in window
        }
    }
    #endif

    /// Starts an attempt that waits for `redirectURI` (the configured one when `nil`).
    public func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
        let redirect = redirectURI ?? self.redirectURI
        return Session(
            redirectURI: redirect, callback: try WebAuthenticationCallback(redirectURI: redirect),
            prefersEphemeral: prefersEphemeralWebBrowserSession, anchor: anchor)
    }

    /// One sheet. Its state lives on the main actor, where AuthenticationServices wants the web session, in one
    /// value, so the attempt ends exactly once whichever comes first: the redirect, an error, `cancel()`, or the
    /// waiting task's cancellation.
    private final class Session: UserAgentSession {
        private enum State {
            case idle
            case cancelled
            case showing(ASWebAuthenticationSession, AnchorProvider, finish: (Result<URL, UserAgentError>) -> Void)
            case finished
        }

        let redirectURI: URL
        private let callback: WebAuthenticationCallback
        private let prefersEphemeral: Bool
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor?
        @MainActor private var state = State.idle

        init(
            redirectURI: URL, callback: WebAuthenticationCallback, prefersEphemeral: Bool,
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor?
        ) {
            self.redirectURI = redirectURI
            self.callback = callback
            self.prefersEphemeral = prefersEphemeral
            self.anchor = anchor
        }

        func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Result<URL, UserAgentError>, Never>) in
                    Task { @MainActor in self.start(authorizationURL) { continuation.resume(returning: $0) } }
                }
            } onCancel: {
                cancel()
            }
            switch outcome {
            case .success(let url): return url
            case .failure(let error): throw error
            }
        }

        func cancel() {
            Task { @MainActor in
                switch self.state {
                case .idle: self.state = .cancelled
                // The session then calls its completion handler with `canceledLogin`.
                case .showing(let session, _, _): session.cancel()
                case .cancelled, .finished: break
                }
            }
        }

        @MainActor private func start(_ url: URL, finish: @escaping (Result<URL, UserAgentError>) -> Void) {
            guard case .idle = state else {
                state = .finished
                return finish(.failure(.cancelled))
            }
            let completion: ASWebAuthenticationSession.CompletionHandler = { callbackURL, error in
                let failure = error.map { $0 as NSError }
                let outcome = WebAuthenticationCallback.outcome(
                    callbackURL: callbackURL, errorDomain: failure?.domain, errorCode: failure?.code)
                Task { @MainActor in self.end(outcome) }
            }
            let session: ASWebAuthenticationSession
            switch callback {
            case .customScheme(let scheme):
                session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme, completionHandler: completion)
            case .https(let host, let path):
                guard #available(iOS 17.4, macOS 14.4, *) else {
                    state = .finished
                    return finish(.failure(.invalidRedirectURI("an https redirect needs iOS 17.4 or macOS 14.4; use a custom scheme")))
                }
                session = ASWebAuthenticationSession(url: url, callback: .https(host: host, path: path), completionHandler: completion)
            }
            // The web session holds its provider weakly: the state keeps it.
            let provider = AnchorProvider(anchor: anchor)
            session.presentationContextProvider = provider
            session.prefersEphemeralWebBrowserSession = prefersEphemeral
            state = .showing(session, provider, finish: finish)
            if !session.start() {
                end(.failure(.unavailable("the web-authentication session could not start; try again")))
            }
        }

        @MainActor private func end(_ outcome: Result<URL, UserAgentError>) {
            guard case .showing(_, _, let finish) = state else { return }
            state = .finished
            finish(outcome)
        }
    }

    /// Apart from `Session` because SDKs after iOS 17 and macOS 14 declare the provider protocol `@MainActor`,
    /// which would isolate a type conforming to it in its declaration, `Session`'s nonisolated methods included.
    @MainActor private final class AnchorProvider: NSObject, ASWebAuthenticationPresentationContextProviding {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor?

        init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor?) {
            self.anchor = anchor
        }

        // Nonisolated satisfies both the older SDKs' nonisolated requirement and later SDKs' main-actor one;
        // AuthenticationServices asks on the main thread.
        nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            MainActor.assumeIsolated {
                anchor() ?? Self.keyWindow() ?? ASPresentationAnchor()
            }
        }

        @MainActor private static func keyWindow() -> ASPresentationAnchor? {
            #if canImport(UIKit)
            let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            let active = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
            return active?.keyWindow ?? active?.windows.first
            #else
            return NSApplication.shared.keyWindow ?? NSApplication.shared.mainWindow
            #endif
        }
    }
}
#endif
