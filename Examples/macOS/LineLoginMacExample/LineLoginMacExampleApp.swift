// A Mac app that logs in with LINE (SwiftUI): the browser sheet of ASWebAuthenticationSession back to
// `line3rdp.<bundle ID>://authorize/`, the tokens in the data-protection keychain. LINE's own SDK is iOS-only;
// docs/APPLE_PLATFORMS.md says what was checked of this app (a type-check on Linux, no Xcode build).
import LineSDK
import SwiftUI

@main
struct LineLoginMacExampleApp: App {
    init() {
        // As on iOS: the channel's ID; the callback scheme comes from the bundle ID.
        LoginManager.shared.setup(channelID: "YOUR_CHANNEL_ID", universalLinkURL: nil)
    }

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
