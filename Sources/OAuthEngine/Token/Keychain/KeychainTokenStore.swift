public import Foundation

/// Keeps tokens in the Keychain: one generic-password item (service `line-login`, account = key) holding
/// the JSON token set, readable after first unlock and never synced, unless configured otherwise.
///
/// Optionally it takes over an item another SDK left (LINE's SDK's, through ``Migration``): when it has
/// no item of its own, it reads that one, writes it as its own, and deletes the old one only after the
/// new one is written, so a user moving from LINE's SDK stays signed in and nothing is lost if the app
/// stops halfway.
///
/// Every decision is here, over the ``KeychainAccess`` seam; on Apple platforms `SecItemKeychain` is
/// the real Keychain.
public struct KeychainTokenStore: TokenStore, SynchronousTokenLoading {
    /// Another SDK's item to take over.
    public struct Migration: Sendable {
        /// The old item (queried with synchronizable items included).
        public var query: KeychainQuery
        /// Reads the old item's data as tokens; throwing means it is unreadable (it is then left alone).
        public var decode: @Sendable (Data) throws -> TokenSet

        /// Creates a migration.
        public init(query: KeychainQuery, decode: @escaping @Sendable (Data) throws -> TokenSet) {
            self.query = query
            self.decode = decode
        }
    }

    /// The Keychain service, `line-login` unless set.
    public var service: String { query.service }
    /// The Keychain account: the credential set's key, e.g. `channel-1234567890`.
    public var key: String { query.account }
    /// This store's item.
    public let query: KeychainQuery
    /// When the item can be read.
    public let accessibility: KeychainAccessibility
    /// The item to take over, if any.
    public let migration: Migration?
    private let keychain: any KeychainAccess

    /// A store for `key` under `service`, in `accessGroup` (to share with app extensions); on macOS in the
    /// data-protection keychain unless `usesDataProtectionKeychain` is `false` (``KeychainQuery/usesDataProtectionKeychain``).
    public init(
        key: String, service: String = "line-login", accessGroup: String? = nil,
        accessibility: KeychainAccessibility = .afterFirstUnlockThisDeviceOnly, migration: Migration? = nil,
        usesDataProtectionKeychain: Bool = true, keychain: any KeychainAccess
    ) {
        query = KeychainQuery(
            service: service, account: key, accessGroup: accessGroup, usesDataProtectionKeychain: usesDataProtectionKeychain)
        self.accessibility = accessibility
        self.migration = migration
        self.keychain = keychain
    }

    /// The stored tokens; `nil` when there is no item (and none to take over). A locked device is
    /// ``TokenStoreError/unavailable(_:)`` (try again), unreadable data ``TokenStoreError/corrupt(_:)``.
    public func load() async throws(TokenStoreError) -> TokenSet? {
        try loadNow()
    }

    /// ``load()`` without suspending (the Keychain answers synchronously), so LINE's synchronous
    /// `isAuthorized` is right as soon as `setup` returns.
    public func loadNow() throws(TokenStoreError) -> TokenSet? {
        if let data = try read(query) {
            return try TokenSetCoding.decode(data, source: "the Keychain item for \(key)")
        }
        return try takeOver()
    }

    /// Replaces the stored tokens (updates the item, or adds it when missing).
    public func save(_ tokens: TokenSet) async throws(TokenStoreError) {
        try write(TokenSetCoding.encode(tokens))
    }

    /// Deletes the item (a missing one is fine).
    /// Deletes the item, and the migration's old item too, so a logged-out user is not signed in again
    /// from it (a missing one is fine).
    public func clear() async throws(TokenStoreError) {
        for item in [query] + (migration.map { [$0.query] } ?? []) {
            let status = keychain.delete(item)
            guard status == .success || status == .itemNotFound else { throw Self.error(status, "delete") }
        }
    }

    private func takeOver() throws(TokenStoreError) -> TokenSet? {
        guard let migration, let data = try read(migration.query) else { return nil }
        let tokens: TokenSet
        // An unreadable old item is left where it is: nothing is lost, and the user logs in again.
        do { tokens = try migration.decode(data) } catch { return nil }
        try write(TokenSetCoding.encode(tokens))
        // Only now that the new item holds the tokens. If this fails the old item stays, which is harmless:
        // our own item answers from now on, and `clear()` deletes both.
        _ = keychain.delete(migration.query)
        return tokens
    }

    private func read(_ query: KeychainQuery) throws(TokenStoreError) -> Data? {
        let (status, data) = keychain.copyData(matching: query)
        switch status {
        case .success:
            guard let data else { throw .corrupt("the Keychain item for \(query.account) holds no data") }
            return data
        case .itemNotFound: return nil
        default: throw Self.error(status, "read")
        }
    }

    private func write(_ data: Data) throws(TokenStoreError) {
        let updated = keychain.update(query, data: data, accessibility: accessibility)
        if updated == .success { return }
        guard updated == .itemNotFound else { throw Self.error(updated, "update") }
        var added = keychain.add(query, data: data, accessibility: accessibility)
        // Another writer added it in between: update that one.
        if added == .duplicateItem { added = keychain.update(query, data: data, accessibility: accessibility) }
        guard added == .success else { throw Self.error(added, "write") }
    }

    /// A status as a store error: a locked device is transient, anything else is an I/O failure.
    static func error(_ status: KeychainStatus, _ operation: String) -> TokenStoreError {
        if status == .interactionNotAllowed {
            return .unavailable("the Keychain is locked (\(operation)); try again after the device is unlocked")
        }
        return .io("the Keychain refused to \(operation) (OSStatus \(status.rawValue))")
    }
}

extension KeychainTokenStore: CustomStringConvertible {
    /// Service and account; never the tokens.
    public var description: String { "KeychainTokenStore(service: \(service), account: \(key))" }
}
