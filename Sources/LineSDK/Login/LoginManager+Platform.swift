import Foundation
import OAuthEngine

extension LoginManager {
    /// The user agent for a platform presentation context (a view controller on iOS), or `nil` on
    /// platforms without one. The Apple adapter supplies the iOS case.
    func platformUserAgent(for context: (any LoginPresentationContext)?, core: Core) -> (any UserAgent)? {
        #if canImport(UIKit) && canImport(AuthenticationServices) && !os(watchOS)
            return appleUserAgent(for: context, core: core)
        #else
            return nil
        #endif
    }
}
