import Testing
import Foundation
import OAuthEngine

/// One issuer (by signing algorithm) and one client (public with PKCE, or confidential with a
/// client-authentication method).
struct InteropCase: Sendable, CustomTestStringConvertible {
    enum ClientKind: String, Sendable, CaseIterable {
        case publicPKCE = "public"
        case secretBasic = "client_secret_basic"
        case secretPost = "client_secret_post"

        var authentication: ClientAuthentication {
            switch self {
            case .publicPKCE: .none
            case .secretBasic: .clientSecretBasic
            case .secretPost: .clientSecretPost
            }
        }
    }

    let algorithm: String
    let client: ClientKind

    static let algorithms = ["ES256", "RS256"]
    static let all: [InteropCase] = algorithms.flatMap { algorithm in
        ClientKind.allCases.map { InteropCase(algorithm: algorithm, client: $0) }
    }

    var testDescription: String { "\(algorithm) issuer, \(client.rawValue) client" }

    /// A client discovered from the issuer, with the glewlwyd profile (a public client needs its
    /// quirk for introspection and revocation; a confidential one uses none of it) unless told otherwise.
    func makeClient(
        _ environment: InteropEnvironment, profile: ProviderProfile = .glewlwyd,
        store: any TokenStore = MemoryTokenStore()
    ) async throws -> OAuthClient {
        let issuer = try environment.issuer(algorithm)
        let credentials = client == .publicPKCE ? environment.publicClient : environment.confidentialClient
        return try await OAuthClient.discover(
            issuer: issuer.issuer, clientID: credentials.clientID,
            clientSecret: client == .publicPKCE ? nil : credentials.clientSecret,
            profile: profile, clientAuthentication: client.authentication, store: store)
    }
}
