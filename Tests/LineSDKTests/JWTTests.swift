@testable import ClientTestSupport
import Foundation
#if Emulator
import LineLoginTesting
#endif
import OAuthEngine
import Testing
@testable import LineSDK

@Suite struct JWTTests {
    struct Address: Decodable, Equatable {
        let country: String
        let zip: Int
    }

    /// A token with these claims, signed with a test key (JWT parses; it doesn't verify).
    func sign(claims: [String: Any]) -> String {
        TestTokenSigner.sign(claims, key: .es256(TestTokenSigner.ecKey), kid: "test-es256-key")
    }

    #if Emulator
    /// The ID token of a real login on the emulator: every typed field reads what LINE's platform put there.
    @Test func typedFieldsOfALoginIDToken() async throws {
        try await withTestLinePlatform { line in
            let brown = try line.user(line.userID)
            let manager = try LoginManager(configuration: line.loginConfiguration())
            var parameters = LoginManager.Parameters()
            parameters.maxAge = 600
            let result = try await manager.login(permissions: [.profile, .openID, .email], parameters: parameters)
            let jwt = try #require(result.accessToken.IDToken)
            #expect(jwt.header.algorithm == "ES256")
            #expect(jwt.header.keyID == line.currentKeyID)
            #expect(jwt.header.type == "JWT")
            let payload = jwt.payload
            #expect(payload.issuer == line.issuer)
            #expect(payload.subject == brown.userID)
            #expect(payload.audience == line.channelID)
            #expect(try #require(payload.expiration) > Date())
            #expect(try #require(payload.issueAt) <= Date().addingTimeInterval(1))
            #expect(payload.authTime != nil)
            #expect(payload.nonce == result.IDTokenNonce)
            #expect(payload.amr == ["pwd"], "a password sign-in on the login page")
            #expect(payload.name == brown.displayName)
            #expect(payload.pictureURL?.absoluteString == brown.pictureURL)
            #expect(payload.email == brown.email)
            #expect(try JWT(text: try #require(result.accessToken.IDTokenRaw)) == jwt)
        }
    }
    #endif

    @Test func subscriptDecodesAnyClaim() throws {
        let token = sign(claims: [
            "iss": "https://line.test", "sub": "U1", "aud": "1234567890", "exp": 2_000_000_000, "iat": 1_700_000_000,
            "email": "brown@line.test", "email_verified": true, "ratio": 0.5, "amr": ["pwd", "mfa"],
            "address": ["country": "JP", "zip": 1_500_002], "nothing": NSNull(),
        ])
        let payload = try JWT(text: token).payload
        #expect(payload["email", String.self] == "brown@line.test")
        #expect(payload["email_verified", Bool.self] == true)
        #expect(payload["exp", Int.self] == 2_000_000_000)
        #expect(payload["exp", Double.self] == 2_000_000_000)
        #expect(payload["ratio", Double.self] == 0.5)
        #expect(payload["ratio", Int.self] == nil, "0.5 is not an Int")
        #expect(payload["amr", [String].self] == ["pwd", "mfa"])
        #expect(payload["address", Address.self] == Address(country: "JP", zip: 1_500_002))
        #expect(payload["missing", String.self] == nil)
        #expect(payload["email", Int.self] == nil, "another type is nil")
        #expect(payload["nothing", String.self] == nil)
        #expect(payload.amr == ["pwd", "mfa"])
        #expect(payload.expiration == Date(timeIntervalSince1970: 2_000_000_000))
        #expect(payload.issueAt == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(payload.authTime == nil)
        #expect(payload.nonce == nil)
        #expect(payload.name == nil)
    }

    @Test func audienceListGivesTheFirst() throws {
        let token = sign(claims: ["iss": "https://line.test", "sub": "U1", "aud": ["1234567890", "other"], "exp": 1, "iat": 1])
        #expect(try JWT(text: token).payload.audience == "1234567890")
    }

    @Test(arguments: ["", "abc", "a.b", "a.b.c.d", "e30.e30", "!!!.e30.e30"])
    func malformedTextIsRefused(_ text: String) {
        do {
            _ = try JWT(text: text)
            Issue.record("parsed \(text)")
        } catch {
            guard case .authorizeFailed(reason: .cryptoError(.JWTFailed(.malformedJWTFormat(let shown)))) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(shown == "<redacted>")
        }
    }
}
