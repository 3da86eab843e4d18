@testable import ClientTestSupport
import Foundation
import LineSDK
import OAuthEngine

extension LoginConfiguration {
    /// A configuration for tests that send no request (setup, the token mirror): its platform is never reached, and
    /// a request that is sent anyway answers 404.
    static func offline(channelID: String = "1234567890", store: any TokenStore) -> LoginConfiguration {
        LoginConfiguration(
            channelID: channelID, platform: .custom(baseURL: URL(string: "https://line.test")!), tokenStore: store,
            transport: ScriptedTransport(routes: [:]), bundleIdentifier: "com.example.lineapp")
    }
}
