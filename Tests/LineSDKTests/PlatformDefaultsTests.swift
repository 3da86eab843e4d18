import Foundation
import Testing
@testable import LineSDK

/// The defaults the Apple adapters only apply: which web agent a login gets, and which keychain the default
/// store uses, for an iOS app, a Mac app, a Mac command-line tool and Linux.
@Suite("Platform defaults")
struct PlatformDefaultsTests {
    static let callback = URL(string: "line3rdp.com.example.app://authorize/")!
    static let universal = URL(string: "https://app.example.com/line-auth/")!

    static let iOSApp = LoginPlatform(ui: .uiKit, isAppBundle: true)
    static let macApp = LoginPlatform(ui: .appKit, isAppBundle: true)
    static let macTool = LoginPlatform(ui: .appKit, isAppBundle: false)
    static let linux = LoginPlatform(ui: .other, isAppBundle: false)

    func choose(_ platform: LoginPlatform, window: Bool = false, callback: URL? = callback, universal: URL? = nil) -> DefaultWebAgent {
        DefaultWebAgent.choose(platform: platform, hasWindow: window, customSchemeCallback: callback, universalLink: universal)
    }

    @Test("an iOS app: the browser sheet with a bundle ID, else Safari and the universal link, else loopback")
    func iOS() {
        #expect(choose(Self.iOSApp) == .webAuthenticationSession(callback: Self.callback))
        #expect(choose(Self.iOSApp, universal: Self.universal) == .webAuthenticationSession(callback: Self.callback))
        #expect(choose(Self.iOSApp, callback: nil, universal: Self.universal) == .universalLink(Self.universal))
        #expect(choose(Self.iOSApp, callback: nil) == .loopback)
    }

    @Test("a Mac app gets the browser sheet; a command-line tool keeps loopback unless given a window")
    func macOS() {
        #expect(choose(Self.macApp) == .webAuthenticationSession(callback: Self.callback))
        #expect(choose(Self.macTool) == .loopback)
        #expect(choose(Self.macTool, window: true) == .webAuthenticationSession(callback: Self.callback))
        #expect(choose(Self.macApp, callback: nil) == .loopback)
        // A universal link can't bring a Mac app back; LINE's SDK has no Mac app route either.
        #expect(choose(Self.macApp, callback: nil, universal: Self.universal) == .loopback)
    }

    @Test("Linux: always loopback")
    func linux() {
        #expect(choose(Self.linux) == .loopback)
        #expect(choose(Self.linux, window: true, universal: Self.universal) == .loopback)
    }

    @Test("the default store's keychain: data protection but for a Mac command-line tool")
    func keychain() {
        #expect(Self.iOSApp.usesDataProtectionKeychain)
        #expect(Self.macApp.usesDataProtectionKeychain)
        #expect(!Self.macTool.usesDataProtectionKeychain)
        #expect(LoginPlatform.current == Self.linux)
    }
}
