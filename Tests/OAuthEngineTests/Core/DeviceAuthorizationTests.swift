@testable import ClientTestSupport
import Foundation
@testable import OAuthEngine
import Testing
import LineLoginPrimitives

/// The device authorization grant (RFC 8628) as the client runs it: the authorization response read
/// strictly, then polling at the interval, slower after `slow_down` and after network failures, until
/// tokens, a denial or the expiry. The glewlwyd peer proves it against a real provider.
@Suite struct DeviceAuthorizationTests {
    static let deviceEndpoint = URL(string: "https://api.issuer.example/oauth2/device")!
    let clock = TestClock()
    /// The token endpoint's answers, in order (the last one repeats).
    let answers = Locked<[Result<HTTPResponse, TransportError>]>([])
    let transport: ScriptedTransport

    init() {
        let answers = self.answers
        transport = ScriptedTransport { request in
            if request.url == Self.deviceEndpoint {
                return .json(
                    200,
                    [
                        "device_code": "device-secret", "user_code": "WDJB-MJHT", "verification_uri": "https://issuer.example/device",
                        "verification_uri_complete": "https://issuer.example/device?user_code=WDJB-MJHT", "expires_in": 600,
                        "interval": 5,
                    ])
            }
            let next = answers.withLock { list -> Result<HTTPResponse, TransportError> in
                list.count > 1 ? list.removeFirst() : (list.first ?? .success(.json(400, ["error": "authorization_pending"])))
            }
            return try next.get()
        }
    }

    func client() throws -> OAuthClient {
        var configuration = CoreFixtures.configuration()
        configuration.endpoints.deviceAuthorizationEndpoint = Self.deviceEndpoint
        return try OAuthClient(configuration: configuration, store: MemoryTokenStore(), transport: transport, clock: clock)
    }

    /// Waits by moving the test clock and records each wait.
    func recordingSleep(_ waits: Locked<[Double]>) -> @Sendable (Duration) async throws -> Void {
        let clock = self.clock
        return { duration in
            let seconds = Double(duration.components.seconds)
            waits.withLock { $0.append(seconds) }
            clock.advance(by: seconds)
        }
    }

    static func pending() -> Result<HTTPResponse, TransportError> { .success(.json(400, ["error": "authorization_pending"])) }

    @Test func pollsAtTheIntervalSlowsDownWhenToldAndStoresTheTokens() async throws {
        answers.wrappedValue = [
            Self.pending(), .success(.json(400, ["error": "slow_down"])), Self.pending(),
            .failure(.timedOut), .success(CoreFixtures.tokenResponse(idToken: nil, scope: "profile")),
        ]
        let client = try client()
        let authorization = try await client.startDeviceAuthorization(scopes: ["profile"])
        #expect(authorization.userCode == "WDJB-MJHT" && authorization.interval == 5)
        #expect(
            !String(describing: authorization).contains("device-secret") && !String(reflecting: authorization).contains("device-secret"))
        let waits = Locked<[Double]>([])
        let result = try await client.completeDeviceAuthorization(authorization, sleep: recordingSleep(waits))
        // 5, 5 (pending), then slow_down adds 5: 10, 10; a timeout doubles: 20.
        #expect(waits.wrappedValue == [5, 5, 10, 10, 20])
        #expect(result.tokens.accessToken == "access-token-1")
        #expect(await client.currentTokens() == result.tokens)
        let polls = transport.requests(path: CoreFixtures.tokenPath)
        #expect(polls.count == 5)
        let fields = FormEncoding.decode(String(decoding: polls[0].body ?? Data(), as: UTF8.self)) ?? []
        #expect(fields.contains { $0 == ("grant_type", "urn:ietf:params:oauth:grant-type:device_code") })
        #expect(fields.contains { $0 == ("device_code", "device-secret") })
    }

    @Test(arguments: ["access_denied", "expired_token"])
    func aDenialOrAnExpiryEndsThePolling(code: String) async throws {
        answers.wrappedValue = [Self.pending(), .success(.json(400, ["error": code]))]
        let client = try client()
        let authorization = try await client.startDeviceAuthorization(scopes: ["profile"])
        let waits = Locked<[Double]>([])
        await #expect(throws: OAuthError.authorization(.providerError(code: code, description: nil))) {
            try await client.completeDeviceAuthorization(authorization, sleep: recordingSleep(waits))
        }
        #expect(await client.currentTokens() == nil)
    }

    @Test func theCodeExpiringEndsThePollingWithoutAnotherRequest() async throws {
        answers.wrappedValue = [Self.pending()]
        let client = try client()
        let authorization = try await client.startDeviceAuthorization(scopes: ["profile"])
        let waits = Locked<[Double]>([])
        await #expect(throws: OAuthError.self) { try await client.completeDeviceAuthorization(authorization, sleep: recordingSleep(waits)) }
        // 600 s at 5 s a poll: the last request goes out before the expiry, none after.
        #expect(transport.requests(path: CoreFixtures.tokenPath).count == 119)
    }

    @Test(arguments: [
        #"{"user_code":"A","verification_uri":"https://x.example/d","expires_in":600}"#,
        #"{"device_code":"d","verification_uri":"https://x.example/d","expires_in":600}"#,
        #"{"device_code":"d","user_code":"A","expires_in":600}"#,
        #"{"device_code":"d","user_code":"A","verification_uri":"https://x.example/d","expires_in":-1}"#,
        "not json",
    ])
    func aBrokenAuthorizationResponseIsRefused(body: String) {
        #expect(throws: OAuthError.self) {
            try DeviceAuthorization(response: HTTPResponse(statusCode: 200, body: Data(body.utf8)), receivedAt: Date())
        }
    }

    @Test func aProviderWithoutTheEndpointSaysSo() async throws {
        let client = try OAuthClient(
            configuration: CoreFixtures.configuration(), store: MemoryTokenStore(), transport: transport, clock: clock)
        await #expect(throws: OAuthError.configuration("the provider offers no device authorization endpoint")) {
            try await client.startDeviceAuthorization(scopes: ["profile"])
        }
    }
}
