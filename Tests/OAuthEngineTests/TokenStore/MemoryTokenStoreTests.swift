import OAuthEngine
import Testing

@Suite("MemoryTokenStore")
struct MemoryTokenStoreTests {
    @Test func roundTripAndClear() async throws {
        let store = MemoryTokenStore()
        #expect(try await store.load() == nil)
        try await store.save(TokenStoreFixtures.tokens())
        #expect(try await store.load() == TokenStoreFixtures.tokens())
        try await store.clear()
        #expect(try await store.load() == nil)
    }

    @Test func startsWithGivenTokens() async throws {
        let store = MemoryTokenStore(tokens: TokenStoreFixtures.tokens())
        #expect(try await store.load() == TokenStoreFixtures.tokens())
    }

    @Test func anInjectedFailureMakesSaveThrowAndKeepsTheOldTokens() async throws {
        let store = MemoryTokenStore(tokens: TokenStoreFixtures.tokens("-old"))
        await store.setFailure(.io("disk full"))
        await #expect(throws: TokenStoreError.io("disk full")) {
            try await store.save(TokenStoreFixtures.tokens("-new"))
        }
        #expect(try await store.load() == TokenStoreFixtures.tokens("-old"))

        await store.setFailure(nil)
        try await store.save(TokenStoreFixtures.tokens("-new"))
        #expect(try await store.load() == TokenStoreFixtures.tokens("-new"))
    }
}
