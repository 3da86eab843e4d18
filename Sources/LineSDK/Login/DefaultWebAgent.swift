public import Foundation

/// The web user agent a login uses when neither its presentation context nor the configuration names one.
/// Decided here, on every platform, from facts the Apple adapters read; they only build the agent.
enum DefaultWebAgent: Equatable {
    /// `ASWebAuthenticationSession` back to the `line3rdp.<bundle ID>://authorize/` callback.
    case webAuthenticationSession(callback: URL)
    /// The system browser, back to the app's universal link through `application(_:open:)`.
    case universalLink(URL)
    /// A loopback listener and the system browser (terminals, servers, Linux).
    case loopback

    /// - Parameters:
    ///   - platform: the UI framework, and whether the process is an app (a GUI app, not a command-line tool).
    ///   - hasWindow: the login was given a window or view controller to present from.
    ///   - customSchemeCallback: `line3rdp.<bundle ID>://authorize/`, when there is a bundle ID.
    ///   - universalLink: the channel's universal link, if configured.
    static func choose(platform: LoginPlatform, hasWindow: Bool, customSchemeCallback: URL?, universalLink: URL?) -> DefaultWebAgent {
        switch platform.ui {
        case .uiKit:
            if let customSchemeCallback { return .webAuthenticationSession(callback: customSchemeCallback) }
            if let universalLink { return .universalLink(universalLink) }
            return .loopback
        case .appKit:
            // A Mac app signs in in a browser sheet like an iOS app; a command-line tool has no window to show one
            // over, and keeps the loopback redirect with the system browser.
            if let customSchemeCallback, platform.isAppBundle || hasWindow {
                return .webAuthenticationSession(callback: customSchemeCallback)
            }
            return .loopback
        case .other:
            return .loopback
        }
    }
}
