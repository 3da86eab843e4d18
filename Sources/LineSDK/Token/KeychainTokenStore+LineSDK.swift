public import Foundation
public import OAuthEngine

extension KeychainTokenStore.Migration {
    /// LINE SDK Swift's item for a channel, so an app moving from LINE's SDK keeps its user signed in:
    /// service `com.linecorp.linesdk.tokenstore.<bundle ID>`, account `<channel ID>@auth2.1`, synchronizable
    /// or not, holding LINE's stored-token JSON (``AccessToken``'s `Codable` form).
    public static func lineSDK(channelID: String, bundleIdentifier: String) -> Self {
        Self(
            query: KeychainQuery(
                service: "com.linecorp.linesdk.tokenstore.\(bundleIdentifier)", account: "\(channelID)@auth2.1",
                includesSynchronizable: true)
        ) { data in
            // LINE's SDK encodes with a plain JSONEncoder (dates as seconds since 2001).
            try JSONDecoder().decode(AccessToken.self, from: data).tokens
        }
    }
}
