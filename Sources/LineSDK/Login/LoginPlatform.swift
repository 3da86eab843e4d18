import Foundation

/// What the login's platform defaults depend on: the UI framework the package was built with, and whether the
/// process is an app. Read once in ``current``; every default that depends on it is decided from this value
/// (``DefaultWebAgent``, ``usesDataProtectionKeychain``), so each decision is tested on any platform.
struct LoginPlatform: Equatable {
    /// The UI framework the package was built with.
    enum UI: Equatable {
        /// iOS, iPadOS, Mac Catalyst, visionOS.
        case uiKit
        /// macOS, where a GUI app and a command-line tool both can import AppKit.
        case appKit
        /// Linux and the platforms whose login UI is compiled out (tvOS, watchOS).
        case other
    }

    /// The UI framework.
    var ui: UI
    /// The process runs from an `.app` bundle (always so with UIKit).
    var isAppBundle: Bool

    /// The running platform.
    static var current: LoginPlatform {
        #if canImport(UIKit) && !os(tvOS) && !os(watchOS)
        LoginPlatform(ui: .uiKit, isAppBundle: true)
        #elseif canImport(AppKit)
        LoginPlatform(ui: .appKit, isAppBundle: Bundle.main.bundleURL.pathExtension == "app")
        #else
        LoginPlatform(ui: .other, isAppBundle: false)
        #endif
    }

    /// Whether the default Keychain store uses the data-protection keychain (`kSecUseDataProtectionKeychain`):
    /// always for apps; not for a Mac command-line tool, which has no keychain-access-groups entitlement and uses
    /// the login keychain instead (the attribute means nothing on iOS, where every item is in that keychain).
    var usesDataProtectionKeychain: Bool {
        ui != .appKit || isAppBundle
    }
}
