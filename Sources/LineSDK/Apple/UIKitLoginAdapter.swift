#if canImport(UIKit) && canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
public import Foundation
import OAuthEngine
public import UIKit

extension UIViewController: LoginPresentationContext {}

extension LoginManager {
    /// The UIKit web agent ``DefaultWebAgent`` chooses: a web-authentication session over the context's window
    /// back to `line3rdp.<bundle ID>://authorize/` (also the LINE-app route's fallback); without a bundle ID,
    /// Safari back to the universal link.
    func appleUserAgent(for context: (any LoginPresentationContext)?, core: Core) -> any UserAgent {
        let configuration = core.configuration
        let presenting = context as? UIViewController
        switch DefaultWebAgent.choose(
            platform: .current, hasWindow: presenting != nil,
            customSchemeCallback: configuration.customSchemeCallbackURL, universalLink: configuration.universalLinkURL)
        {
        case .webAuthenticationSession(let callback):
            return WebAuthenticationSessionUserAgent(redirectURI: callback) { [weak presenting] in presenting?.view.window }
        case .universalLink(let universal):
            // Universal links come back through `application(_:open:)`.
            return CallbackURLUserAgent(redirectURI: universal) { url in
                Task { @MainActor in UIApplication.shared.open(url) }
            }
        case .loopback:
            return LoopbackUserAgent()
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
