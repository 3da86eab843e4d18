import Foundation
import Testing
@testable import OAuthEngine

/// The seams others implement (transport, token store, user agent) may throw any error; the engine
/// reports its own error types, naming a foreign error by its type alone (its text may quote a token).
@Suite struct ConformerErrorTests {
    /// An error whose text carries a secret, as a careless conformer's might.
    struct LeakyError: Error, CustomStringConvertible {
        var description: String { "request to https://api.example/v?access_token=SECRET-TOKEN failed" }
    }

    struct ThrowingTransport: HTTPTransport {
        let error: any Error
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw error }
    }

    struct ThrowingStore: TokenStore {
        func load() async throws -> TokenSet? { throw LeakyError() }
        func save(_ tokens: TokenSet) async throws { throw LeakyError() }
        func clear() async throws { throw LeakyError() }
    }

    struct ThrowingAgent: UserAgent {
        let error: any Error
        func beginSession(redirectURI: URL?) async throws -> any UserAgentSession { throw error }
    }

    func tokenClient(_ error: any Error) -> TokenClient {
        TokenClient(configuration: CoreFixtures.configuration(), transport: ThrowingTransport(error: error))
    }

    @Test func aForeignTransportErrorIsNamedByItsTypeOnly() async {
        await #expect(throws: OAuthError.transport(.other("LeakyError"))) {
            try await tokenClient(LeakyError()).refresh(refreshToken: "rt")
        }
    }

    @Test func transportErrorsPassThroughAndCancellationIsCancelled() async {
        await #expect(throws: OAuthError.transport(.timedOut)) {
            try await tokenClient(TransportError.timedOut).refresh(refreshToken: "rt")
        }
        await #expect(throws: OAuthError.transport(.cancelled)) { try await tokenClient(CancellationError()).refresh(refreshToken: "rt") }
    }

    @Test func aForeignStoreErrorIsAnIOErrorAndTheTokensStayInMemory() async {
        let session = CredentialSession(store: ThrowingStore(), tokenClient: tokenClient(TransportError.timedOut))
        #expect(await session.current() == nil, "an unreadable store counts as signed out")
        #expect(await session.lastStoreError == .io("LeakyError"))
        let tokens = TokenSet(
            accessToken: "at", refreshToken: "rt", idToken: nil, scopes: [], issuedAt: Date(),
            expiresAt: Date().addingTimeInterval(3600))
        await session.replace(with: tokens)
        #expect(await session.current() == tokens, "a failed write never loses a token")
    }

    @Test func aForeignUserAgentErrorIsUnavailableAndCancellationIsCancelled() async throws {
        let client = try OAuthClient(
            configuration: CoreFixtures.configuration(), store: MemoryTokenStore(),
            transport: ThrowingTransport(error: TransportError.timedOut))
        await #expect(throws: OAuthError.userAgent(.unavailable("LeakyError"))) {
            try await client.signIn(scopes: ["openid"], userAgent: ThrowingAgent(error: LeakyError()))
        }
        await #expect(throws: OAuthError.userAgent(.cancelled)) {
            try await client.signIn(scopes: ["openid"], userAgent: ThrowingAgent(error: CancellationError()))
        }
    }
}
