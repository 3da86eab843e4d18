#if canImport(AuthenticationServices) && canImport(UIKit) && !os(watchOS)
    public import AuthenticationServices
    public import Foundation
    public import OAuthEngine
    public import UIKit

    /// The iOS user agent: `ASWebAuthenticationSession` over LINE's public authorize endpoint, returning to
    /// the `line3rdp.<bundle id>://authorize/` callback. Every decision (which URL is a callback, what an
    /// error means) is in cross-platform code; this type only shows the sheet.
    public final class WebAuthenticationSessionUserAgent: NSObject, UserAgent, @unchecked Sendable {
        private let redirect: URL
        private weak var anchor: UIViewController?

        /// - Parameters:
        ///   - redirectURI: the custom-scheme callback.
        ///   - presenting: the view controller whose window anchors the sheet.
        public init(redirectURI: URL, presenting: UIViewController?) {
            redirect = redirectURI
            anchor = presenting
        }

        /// Starts an attempt.
        public func beginSession(redirectURI: URL?) async throws(UserAgentError) -> any UserAgentSession {
            Session(agent: self, redirectURI: redirectURI ?? redirect)
        }

        private final class Session: NSObject, UserAgentSession, @unchecked Sendable {
            let agent: WebAuthenticationSessionUserAgent
            let redirectURI: URL
            private var session: ASWebAuthenticationSession?
            // The web session holds its provider weakly.
            private var anchorProvider: AnchorProvider?

            init(agent: WebAuthenticationSessionUserAgent, redirectURI: URL) {
                self.agent = agent
                self.redirectURI = redirectURI
            }

            func present(_ authorizationURL: URL) async throws(UserAgentError) -> URL {
                do {
                    return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                        DispatchQueue.main.async {
                            let session = ASWebAuthenticationSession(url: authorizationURL, callbackURLScheme: self.redirectURI.scheme) {
                                url, error in
                                if let url {
                                    continuation.resume(returning: url)
                                } else {
                                    let cancelled = (error as? ASWebAuthenticationSessionError)?.code == .canceledLogin
                                    continuation.resume(
                                        throwing: cancelled
                                            ? UserAgentError.cancelled : UserAgentError.unavailable("web authentication failed"))
                                }
                            }
                            let provider = AnchorProvider(anchor: self.agent.anchor)
                            session.presentationContextProvider = provider
                            self.anchorProvider = provider
                            session.prefersEphemeralWebBrowserSession = false
                            self.session = session
                            if !session.start() {
                                continuation.resume(throwing: UserAgentError.unavailable("web authentication could not start"))
                            }
                        }
                    }
                } catch let error as UserAgentError {
                    throw error
                } catch {
                    throw .cancelled
                }
            }

            func cancel() {
                DispatchQueue.main.async { self.session?.cancel() }
            }
        }

        /// Apart from `Session` because SDKs after iOS 17 declare the provider protocol `@MainActor`, which
        /// would isolate a type conforming to it in its declaration, `Session`'s nonisolated methods included.
        @MainActor private final class AnchorProvider: NSObject, ASWebAuthenticationPresentationContextProviding {
            private weak var anchor: UIViewController?

            init(anchor: UIViewController?) {
                self.anchor = anchor
            }

            // Nonisolated satisfies both the iOS 17 SDK's nonisolated requirement and later SDKs' main-actor one;
            // AuthenticationServices asks on the main thread.
            nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
                MainActor.assumeIsolated {
                    anchor?.view.window ?? ASPresentationAnchor()
                }
            }
        }
    }

    extension UIViewController: LoginPresentationContext {}

    extension LoginManager {
        /// The web agent: `ASWebAuthenticationSession` back to `line3rdp.<bundle ID>://authorize/` (also the
        /// LINE-app route's fallback); without a bundle ID, Safari back to the universal link.
        func appleUserAgent(for context: (any LoginPresentationContext)?, core: Core) -> (any UserAgent)? {
            let configuration = core.configuration
            if let callback = configuration.customSchemeCallbackURL {
                return WebAuthenticationSessionUserAgent(redirectURI: callback, presenting: context as? UIViewController)
            }
            guard let universal = configuration.universalLinkURL else { return nil }
            // Universal links come back through `application(_:open:)`.
            return CallbackURLUserAgent(redirectURI: universal) { url in
                Task { @MainActor in UIApplication.shared.open(url) }
            }
        }

        /// LINE's callback entry for `UIApplicationDelegate.application(_:open:options:)` and, with
        /// `.shared` and `URLContexts.first?.url`, for a scene delegate's `scene(_:openURLContexts:)`.
        @discardableResult
        public func application(_ app: UIApplication, open url: URL?, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
            guard let url else { return false }
            return handleCallbackURL(url)
        }
    }
#endif
