import Foundation
import OAuthEngine
import Testing
@testable import LineSDK

/// An app moving from LINE's SDK keeps its user: LINE's Keychain item is read and taken over.
@Suite struct LineSDKKeychainMigrationTests {
    @Test func lineSDKsItemIsReadAsLINEStoresIt() throws {
        let migration = KeychainTokenStore.Migration.lineSDK(channelID: "1234567890", bundleIdentifier: "com.example.app")
        #expect(migration.query.service == "com.linecorp.linesdk.tokenstore.com.example.app")
        #expect(migration.query.account == "1234567890@auth2.1")
        #expect(migration.query.includesSynchronizable)
        // LINE's stored JSON, as LINE's SDK writes it (plain JSONEncoder: dates as seconds since 2001).
        let createdAt = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let json = """
            {"access_token":"at-line","expires_in":2592000,"id_token":null,"refresh_token":"rt-line","scope":"profile openid","token_type":"Bearer","createdAt":\(createdAt.timeIntervalSinceReferenceDate)}
            """
        let tokens = try migration.decode(Data(json.utf8))
        #expect(tokens.accessToken == "at-line" && tokens.refreshToken == "rt-line")
        #expect(tokens.scopes == ["profile", "openid"])
        #expect(tokens.issuedAt == createdAt && tokens.expiresAt == createdAt.addingTimeInterval(2_592_000))
    }

    @Test func anAccessTokenEncodedHereDecodesAsLINEsItem() throws {
        let tokens = TokenSet(
            accessToken: "at", refreshToken: "rt", idToken: nil, scopes: ["profile"], issuedAt: Date(timeIntervalSince1970: 1_700_000_000),
            expiresAt: Date(timeIntervalSince1970: 1_700_086_400))
        let data = try JSONEncoder().encode(AccessToken(tokens: tokens))
        let migrated = try KeychainTokenStore.Migration.lineSDK(channelID: "1", bundleIdentifier: "b").decode(data)
        #expect(migrated.accessToken == "at" && migrated.refreshToken == "rt" && migrated.expiresAt == tokens.expiresAt)
    }
}
