#if Emulator
import Foundation
import Testing

@testable import LineLoginEmulator

@Suite("Configuration")
struct ConfigurationTests {
    @Test func defaultConfiguration() throws {
        let configuration = EmulatorConfiguration.default
        let channel = try #require(configuration.channels.first)
        #expect(channel.channelID == "1234567890")
        #expect(channel.channelSecret.count == 32)
        #expect(channel.channelSecret.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(channel.callbackURLs == ["http://127.0.0.1/callback"])
        #expect(channel.botName == "LINE Emulator OA")
        #expect(channel.allowedScopes == ["profile", "openid", "email"])
        #expect(channel.emailPermission && !channel.nativeApp)
        #expect(configuration.users.map(\.displayName) == ["Brown", "Cony"])
        #expect(configuration.users.map(\.isFriend) == [true, false])
        #expect(configuration.accessTokenLifetime == 2_592_000)
        #expect(configuration.refreshTokenLifetime == 7_776_000)
        #expect(configuration.keyRotationGracePeriod == 86_400)
        #expect(!configuration.rotateRefreshTokens)
        #expect(configuration.autoApproveUserID == nil)
        #expect(EmulatorConfiguration.default.channels[0].channelSecret != channel.channelSecret)
        try configuration.validate()
    }

    @Test func loadsJSONWithDefaults() throws {
        let json = """
            {"channels":[{"channelID":"2000000000","channelSecret":"s3cret","callbackURLs":["https://app.example.com/cb"]}],
             "rotateRefreshTokens": true, "accessTokenLifetime": 60}
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let configuration = try EmulatorConfiguration(contentsOf: url)
        #expect(configuration.channels.count == 1)
        #expect(configuration.channels[0].botName == nil)
        #expect(configuration.channels[0].allowedScopes == ["profile", "openid", "email"])
        #expect(configuration.channels[0].emailPermission)
        #expect(!configuration.channels[0].nativeApp)
        #expect(configuration.users.count == 2)
        #expect(configuration.rotateRefreshTokens)
        #expect(configuration.accessTokenLifetime == 60)
        #expect(configuration.refreshTokenLifetime == 7_776_000)

        let roundTrip = try JSONDecoder().decode(EmulatorConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(roundTrip.channels == configuration.channels)
        #expect(roundTrip.users == configuration.users)
    }

    @Test func rejectsInvalidConfigurations() throws {
        let cases = [
            #"{"channels":[]}"#,
            #"{"users":[{"userID":"U123","displayName":"x","password":"p"}]}"#,
            #"{"channels":[{"channelID":"1","channelSecret":"s","callbackURLs":["/relative"]}]}"#,
            #"{"accessTokenLifetime": -1}"#,
            #"not json"#,
        ]
        for json in cases {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-\(UUID().uuidString).json")
            try Data(json.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(throws: (any Error).self, "\(json)") { _ = try EmulatorConfiguration(contentsOf: url) }
        }
    }

    /// docs/examples/emulator-config.json, the documented example, loads through the real loader.
    @Test func theDocumentedExampleLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let configuration = try EmulatorConfiguration(contentsOf: root.appendingPathComponent("docs/examples/emulator-config.json"))
        #expect(configuration.channels.first?.iOSBundleID == "com.example.app")
        #expect(configuration.users.first?.displayName == "Brown")
    }

    /// A file that can't be used says which field, on which line, and what is wrong: never a DecodingError.
    @Test(arguments: [
        (
            "{\n  \"channels\": [\n    {\"channelID\": \"1\", \"channelSecret\": \"s\",\n     \"callbackURLs\": \"http://127.0.0.1/cb\"}\n  ]\n}",
            "channels[0].callbackURLs (line 4) should be a list"
        ),
        ("{\"channels\": [{\"channelID\": \"1\", \"callbackURLs\": []}]}", "channels[0].channelSecret is missing"),
        ("{\"accessTokenLifetime\": \"soon\"}", "accessTokenLifetime (line 1) should be a number"),
        ("{\"users\": [ {\"userID\": 7} ]", "the file is not valid JSON"),
    ])
    func aBadFileIsExplainedByFieldAndLine(json: String, message: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try EmulatorConfiguration(contentsOf: file)
            Issue.record("a bad file loaded")
        } catch let error as EmulatorConfigurationError {
            #expect(error.description == message)
        }
    }

    @Test func callbackMatching() {
        let registered = ["http://127.0.0.1/callback", "https://app.example.com/auth/cb", "http://localhost:3000/cb"]
        let accepted = [
            "http://127.0.0.1/callback", "http://127.0.0.1:8123/callback", "http://127.0.0.1:8123/callback/extra?x=1",
            "https://app.example.com/auth/cb", "https://app.example.com:443/auth/cb?x=y", "http://localhost:9/cb",
            "HTTPS://APP.EXAMPLE.COM/auth/cb", "https://app.example.com/auth/cb/..well-named",
            "https://app.example.com/auth/cb?next=/a/../b",
        ]
        let rejected = [
            "http://127.0.0.2/callback", "https://127.0.0.1/callback", "https://app.example.com:8443/auth/cb",
            "https://app.example.com.evil.com/auth/cb", "https://app.example.com/auth", "http://app.example.com/auth/cb",
            "https://user@app.example.com/auth/cb", "https://app.example.com/auth/cb#f", "callback", "",
            // Escapes out of the registered prefix.
            "https://app.example.com/auth/cb/../../admin", "https://app.example.com/auth/cb/%2e%2e/%2E%2E/admin",
            "https://app.example.com/auth/cb/.%2e/x", "https://app.example.com/auth/cb/./x", "https://app.example.com/auth/cb/..",
            "https://app.example.com/auth/cb%5c..%5cadmin", "https://app.example.com/auth/cb%5C", "https://app.example.com/auth/cb\\..",
            "https://app.example.com/auth/cb%00", "https://app.example.com/auth/cb%0d%0aSet-Cookie:x", "https://app.example.com/auth/cb%1f",
            "https://app.example.com/auth/cb%7f", "http://127.0.0.1/callback/../evil",
        ]
        for uri in accepted { #expect(CallbackURLMatcher.matches(uri, registered: registered), "\(uri)") }
        for uri in rejected { #expect(!CallbackURLMatcher.matches(uri, registered: registered), "\(uri)") }
    }

    @Test func base64URLRoundTrips() {
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255) }
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(encoded == TestBase64URL.encode(Data(bytes)))
            #expect(Base64URL.decode(encoded) == bytes)
        }
        #expect(Base64URL.decode("a") == nil)
        #expect(Base64URL.decode("ab=c") == nil)
    }

    @Test func formParsing() {
        guard case .success(let form) = FormParameters.parse("a=1&b=x+y%21&c=&d&a=2") else {
            Issue.record("parse failed")
            return
        }
        #expect(form["a"] == "1")
        #expect(form["b"] == "x y!")
        #expect(form["c"] == "")
        #expect(form["d"] == "")
        #expect(form.duplicates == ["a"])
        #expect(FormParameters.parse("a=%zz") == .failure(.malformed))
        #expect(FormParameters.parse("a=%C3") == .failure(.malformed))
    }
}
#endif
