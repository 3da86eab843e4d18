import Foundation
import OAuthEngine

extension LoginManager {
    /// The platform's web user agent for a login presented from `context` (``DefaultWebAgent`` decides which);
    /// the Apple adapters build the UIKit and AppKit ones.
    func platformUserAgent(for context: (any LoginPresentationContext)?, core: Core) -> any UserAgent {
        #if canImport(UIKit) && canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS)
        return appleUserAgent(for: context, core: core)
        #elseif canImport(AppKit) && canImport(AuthenticationServices)
        return appleUserAgent(for: context, core: core)
        #else
        return LoopbackUserAgent()
        #endif
    }
}
