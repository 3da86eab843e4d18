#if Server && Emulator
@testable import ClientTestSupport
import Foundation
import LineLoginServer
import Testing

/// The bearer-middleware cases every framework's glue must pass alike (shared, not copied): statuses,
/// JSON bodies, `WWW-Authenticate` and `Retry-After`. Each framework's test target runs them with its driver.
enum RefusalTableCases {
    /// Runs every case through `framework`.
    static func check(_ framework: any BearerFramework) async throws {
        let clock = TestClock(Date())
        let idTokens = AcceptedTokens.idTokens(try BearerFixtures.idTokens(clock: clock))

        let missing = try await framework.probe(idTokens, isRequired: true, headers: [])
        #expect(missing.status == 401)
        #expect(missing.json["error"] == "invalid_request")
        #expect(missing.headers["www-authenticate"] == "Bearer realm=\"LINE\"")
        #expect(missing.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(missing.headers["cache-control"] == "no-store")

        for header in ["Basic Zm9vOmJhcg==", "Bearer"] {
            let wrongScheme = try await framework.probe(idTokens, isRequired: true, headers: [("Authorization", header)])
            #expect(wrongScheme.status == 401 && wrongScheme.json["error"] == "invalid_request")
        }
        let two = try await framework.probe(
            idTokens, isRequired: true, headers: [("Authorization", "Bearer a"), ("Authorization", "Bearer b")])
        #expect(two.status == 401 && two.json["error"] == "invalid_request")

        let garbage = try await framework.probe(idTokens, isRequired: true, headers: [("Authorization", "Bearer not-a-token")])
        #expect(garbage.status == 401)
        #expect(garbage.json["error"] == "invalid_token")
        #expect(garbage.json["reason"] != nil && garbage.json["error_description"] != nil)
        #expect(garbage.headers["www-authenticate"] == "Bearer realm=\"LINE\", error=\"invalid_token\"")

        var expired = TestTokens.claims(now: clock.now())
        expired["exp"] = Int(clock.now().timeIntervalSince1970) - 3_600
        let old = try await framework.probe(idTokens, isRequired: true, headers: [("Authorization", "Bearer " + TestTokens.hs256(expired))])
        #expect(old.status == 401 && old.json["error"] == "invalid_token")

        let valid = TestTokens.hs256(TestTokens.claims(now: clock.now()))
        let accepted = try await framework.probe(idTokens, isRequired: true, headers: [("Authorization", "Bearer " + valid)])
        #expect(accepted.status == 200)
        #expect(String(decoding: accepted.body, as: UTF8.self) == TestTokens.userID)

        let outage = try await framework.probe(
            .accessTokens(try BearerFixtures.accessTokensDuringAnOutage()), isRequired: true,
            headers: [("Authorization", "Bearer some-access-token")])
        #expect(outage.status == 503, "an outage is never a 401")
        #expect(outage.json["error"] == "temporarily_unavailable")
        #expect(outage.headers["retry-after"] == "60")
        #expect(outage.headers["www-authenticate"] == nil)

        let anonymous = try await framework.probe(idTokens, isRequired: false, headers: [])
        #expect(anonymous.status == 200 && String(decoding: anonymous.body, as: UTF8.self) == "anonymous")
        let badOptional = try await framework.probe(idTokens, isRequired: false, headers: [("Authorization", "Bearer not-a-token")])
        #expect(badOptional.status == 401, "a present but bad token is refused even where tokens are optional")
    }
}
#endif
