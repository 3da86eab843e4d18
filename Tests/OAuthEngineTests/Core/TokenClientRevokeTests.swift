@testable import ClientTestSupport
import Foundation
@testable import OAuthEngine
import Testing
import LineLoginPrimitives

/// Revocation: RFC 7009 (`token` + `token_type_hint`) or LINE's `access_token=`/`refresh_token=`, and a
/// 400 counted as done only where the provider profile says so.
@Suite struct TokenClientRevokeTests {
    let status = Locked(200)
    let transport: ScriptedTransport

    init() {
        let status = self.status
        transport = ScriptedTransport { _ in .json(status.wrappedValue, status.wrappedValue == 200 ? [:] : ["error": "invalid_request"]) }
    }

    func client(_ quirks: ProviderQuirks, revocation: Bool = true) -> TokenClient {
        var configuration = CoreFixtures.configuration(quirks: quirks)
        if !revocation { configuration.endpoints.revocationEndpoint = nil }
        return TokenClient(configuration: configuration, transport: transport)
    }

    @Test func lineQuirkNamesTheTokenByItsType() async throws {
        let client = client([.revokeWithTokenTypeField])
        try await client.revoke("the-access-token", kind: .accessToken)
        try await client.revoke("the-refresh-token", kind: .refreshToken)
        let forms = transport.requests(path: CoreFixtures.revokePath).map(\.formPairs)
        #expect(forms.count == 2)
        #expect(forms[0].map(\.0) == ["access_token", "client_id"])
        #expect(forms[0].first?.1 == "the-access-token")
        #expect(forms[1].map(\.0) == ["refresh_token", "client_id"])
        #expect(forms[1].first?.1 == "the-refresh-token")
        #expect(transport.requests.allSatisfy { $0.method == "POST" && $0.url == CoreFixtures.revocationEndpoint })
    }

    @Test func rfc7009UsesTokenAndHint() async throws {
        let client = client([])
        try await client.revoke("the-access-token", kind: .accessToken)
        try await client.revoke("the-refresh-token", kind: .refreshToken)
        let forms = transport.requests(path: CoreFixtures.revokePath).map(\.form)
        #expect(forms[0] == ["token": "the-access-token", "token_type_hint": "access_token", "client_id": CoreFixtures.clientID])
        #expect(forms[1] == ["token": "the-refresh-token", "token_type_hint": "refresh_token", "client_id": CoreFixtures.clientID])
    }

    @Test func badRequestCountsAsRevokedOnlyWithTheQuirk() async throws {
        status.wrappedValue = 400
        try await client([.revokeWithTokenTypeField, .revokeBadRequestMeansRevoked]).revoke("t", kind: .accessToken)
        try await client([.revokeBadRequestMeansRevoked]).revoke("t", kind: .accessToken)

        for quirks: ProviderQuirks in [[], [.revokeWithTokenTypeField]] {
            do {
                try await client(quirks).revoke("t", kind: .accessToken)
                Issue.record("a 400 was taken as success without the quirk")
            } catch {
                guard case .server(let server) = error else {
                    Issue.record("got \(error)")
                    continue
                }
                #expect(server.statusCode == 400)
            }
        }
        // Other failures stay failures even with the quirk.
        for code in [401, 500, 503] {
            status.wrappedValue = code
            await #expect(throws: OAuthError.self) {
                try await client([.revokeWithTokenTypeField, .revokeBadRequestMeansRevoked]).revoke("t", kind: .accessToken)
            }
        }
    }

    @Test func noRevocationEndpointIsAConfigurationError() async {
        do {
            try await client([], revocation: false).revoke("t", kind: .accessToken)
            Issue.record("expected a configuration error")
        } catch {
            guard case .configuration = error else {
                Issue.record("got \(error)")
                return
            }
        }
        #expect(transport.totalCount == 0)
    }
}
