#if canImport(AppKit) && !canImport(UIKit) && canImport(AuthenticationServices)
public import AppKit
import Foundation
import OAuthEngine

/// A Mac app logs in over a window: `login(permissions: [.profile], in: window)`.
extension NSWindow: LoginPresentationContext {}
/// A Mac app logs in over a view controller's window.
extension NSViewController: LoginPresentationContext {}

extension LoginManager {
    /// The AppKit web agent ``DefaultWebAgent`` chooses: in an app (an `.app` bundle, or a login given a
    /// window), a web-authentication session back to `line3rdp.<bundle ID>://authorize/`; in a command-line
    /// tool, the loopback redirect and the system browser.
    func appleUserAgent(for context: (any LoginPresentationContext)?, core: Core) -> any UserAgent {
        let configuration = core.configuration
        let window = context as? NSWindow
        let controller = context as? NSViewController
        switch DefaultWebAgent.choose(
            platform: .current, hasWindow: window != nil || controller != nil,
            customSchemeCallback: configuration.customSchemeCallbackURL, universalLink: configuration.universalLinkURL)
        {
        case .webAuthenticationSession(let callback):
            return WebAuthenticationSessionUserAgent(redirectURI: callback) { [weak window, weak controller] in
                window ?? controller?.view.window
            }
        case .universalLink, .loopback:
            return LoopbackUserAgent()
        }
    }
}

#endif
