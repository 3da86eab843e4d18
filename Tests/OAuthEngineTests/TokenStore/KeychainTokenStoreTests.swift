@testable import ClientTestSupport
import Foundation
import Testing
@testable import OAuthEngine

/// The Keychain store's queries, statuses and migration, over an in-memory Keychain.
@Suite struct KeychainTokenStoreTests {
    let keychain = MemoryKeychain()
    static let tokens = TokenSet(
        accessToken: "at-1", refreshToken: "rt-1", idToken: nil, scopes: ["profile"],
        issuedAt: Date(timeIntervalSince1970: 1_700_000_000), expiresAt: Date(timeIntervalSince1970: 1_700_003_600))
    static let old = KeychainQuery(service: "old.service", account: "1234567890@old", includesSynchronizable: true)

    func store(migration: KeychainTokenStore.Migration? = nil, accessGroup: String? = nil) -> KeychainTokenStore {
        KeychainTokenStore(key: "channel-1234567890", accessGroup: accessGroup, migration: migration, keychain: keychain)
    }

    var migration: KeychainTokenStore.Migration {
        KeychainTokenStore.Migration(query: Self.old) { data in
            guard String(decoding: data, as: UTF8.self) == "old-format" else { throw TokenStoreError.corrupt("unreadable") }
            return Self.tokens
        }
    }

    @Test func savesLoadsAndClears() async throws {
        let store = store()
        #expect(try await store.load() == nil)
        try await store.save(Self.tokens)
        #expect(try await store.load() == Self.tokens)
        #expect(keychain.item(store.query)?.accessibility == .afterFirstUnlockThisDeviceOnly)
        try await store.save(Self.tokens)
        #expect(keychain.calls.filter { $0.hasPrefix("add") }.count == 1, "the second save updates")
        try await store.clear()
        #expect(try await store.load() == nil)
        try await store.clear()
    }

    @Test("the data-protection keychain by default; a Mac command-line tool's store keeps to the login keychain")
    func dataProtectionKeychain() async throws {
        #expect(store().query.usesDataProtectionKeychain)
        let tool = KeychainTokenStore(key: "channel-1234567890", usesDataProtectionKeychain: false, keychain: keychain)
        try await tool.save(Self.tokens)
        #expect(keychain.item(tool.query) != nil)
        // The same service and account in the other keychain is another item.
        #expect(try await store().load() == nil)
        #expect(try await tool.load() == Self.tokens)
    }

    @Test func anAccessGroupNamesTheItem() async throws {
        let shared = store(accessGroup: "TEAM.com.example.shared")
        try await shared.save(Self.tokens)
        #expect(try await store().load() == nil, "another access group is another item")
        #expect(try await shared.load() == Self.tokens)
    }

    @Test func aDuplicateOnAddUpdatesTheOtherWritersItem() async throws {
        keychain.raceOnAdd = true
        try await store().save(Self.tokens)
        #expect(try await store().load() == Self.tokens)
    }

    @Test func aLockedKeychainIsTransientAndOtherFailuresAreIO() async throws {
        keychain.failing["copy"] = .interactionNotAllowed
        await #expect(throws: TokenStoreError.self) { try await store().load() }
        do { _ = try await store().load() } catch { #expect(error.isTransient) }
        keychain.failing["copy"] = KeychainStatus(rawValue: -34018)
        do { _ = try await store().load() } catch {
            #expect(!error.isTransient)
            guard case .io(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("-34018"))
        }
    }

    @Test func itemDataThatIsNotATokenSetIsCorrupt() async throws {
        keychain.put(store().query, data: Data("garbage".utf8))
        await #expect(throws: TokenStoreError.self) { try await store().load() }
    }

    @Test func anOldItemIsTakenOverAndDeletedOnlyAfterTheNewOneIsWritten() async throws {
        keychain.put(Self.old, data: Data("old-format".utf8), synchronizable: true)
        let store = store(migration: migration)
        #expect(try await store.load() == Self.tokens)
        #expect(keychain.item(store.query) != nil)
        #expect(keychain.item(Self.old) == nil)
        let order = keychain.calls.filter { $0.hasPrefix("add") || $0.hasPrefix("delete") }
        #expect(order == ["add channel-1234567890", "delete 1234567890@old"])
        // Next time, its own item answers.
        #expect(try await store.load() == Self.tokens)
    }

    @Test func aFailedWriteKeepsTheOldItem() async throws {
        keychain.put(Self.old, data: Data("old-format".utf8))
        keychain.failing["add"] = KeychainStatus(rawValue: -34018)
        await #expect(throws: TokenStoreError.self) { try await store(migration: migration).load() }
        #expect(keychain.item(Self.old) != nil, "nothing is lost")
    }

    @Test func anUnreadableOldItemIsLeftAlone() async throws {
        keychain.put(Self.old, data: Data("something else".utf8))
        #expect(try await store(migration: migration).load() == nil)
        #expect(keychain.item(Self.old) != nil)
    }

    @Test func theStoreReadsSynchronously() throws {
        keychain.put(Self.old, data: Data("old-format".utf8))
        #expect(try store(migration: migration).loadNow() == Self.tokens)
    }

    @Test func aTransientLoadIsReadAgainBySession() async throws {
        let store = store()
        try await store.save(Self.tokens)
        keychain.failing["copy"] = .interactionNotAllowed
        let session = CredentialSession(
            store: store,
            tokenClient: TokenClient(
                configuration: CoreFixtures.configuration(),
                transport: ScriptedTransport { _ in HTTPResponse(statusCode: 500) }))
        #expect(await session.current() == nil)
        keychain.failing["copy"] = nil
        #expect(await session.current() == Self.tokens, "a locked Keychain is not an empty one")
    }
}

/// Review findings: logging out deletes the old SDK's item too; a failed delete of it doesn't fail the load.
@Suite struct KeychainMigrationEdgeTests {
    let keychain = MemoryKeychain()
    static let old = KeychainQuery(service: "old.service", account: "1@old", includesSynchronizable: true)

    var store: KeychainTokenStore {
        KeychainTokenStore(key: "channel-1", migration: .init(query: Self.old) { _ in KeychainTokenStoreTests.tokens }, keychain: keychain)
    }

    @Test func clearDeletesTheOldItemSoTheUserIsNotSignedInAgain() async throws {
        keychain.put(Self.old, data: Data("old".utf8))
        keychain.failing["delete"] = KeychainStatus(rawValue: -34018)
        #expect(try await store.load() == KeychainTokenStoreTests.tokens, "a failed delete of the old item is not a failed load")
        keychain.failing["delete"] = nil
        #expect(keychain.item(Self.old) != nil)
        try await store.clear()
        #expect(try await store.load() == nil, "logged out stays logged out")
    }
}
