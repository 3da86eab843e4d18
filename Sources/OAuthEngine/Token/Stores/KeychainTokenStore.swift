#if canImport(Security)
import Foundation
import Security

/// Keeps tokens in the Keychain on Apple platforms: a generic password item (service `line-login`,
/// account = key) holding the JSON token set, readable after first unlock, never synced or migrated
/// to another device.
public struct KeychainTokenStore: TokenStore {
    /// The Keychain service, `line-login` unless set.
    public let service: String
    /// The Keychain account: the credential set's key, e.g. `channel-1234567890`.
    public let key: String

    /// A store for `key` under `service`.
    public init(key: String, service: String = "line-login") {
        self.key = key
        self.service = service
    }

    /// The stored tokens; `nil` when there is no item, ``TokenStoreError/corrupt(_:)`` when it can't be decoded.
    public func load() async throws(TokenStoreError) -> TokenSet? {
        var query = baseQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else {
            throw .io("Keychain read failed (OSStatus \(status))")
        }
        guard let data = item as? Data else {
            throw .corrupt("the Keychain item for \(key) holds no data")
        }
        return try TokenSetCoding.decode(data, source: "the Keychain item for \(key)")
    }

    /// Replaces the stored tokens (updates the item, or adds it when missing).
    public func save(_ tokens: TokenSet) async throws(TokenStoreError) {
        let data = try TokenSetCoding.encode(tokens)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        let updateStatus = SecItemUpdate(baseQuery as CFDictionary, attributes as CFDictionary)
        if updateStatus == errSecSuccess { return }
        guard updateStatus == errSecItemNotFound else {
            throw .io("Keychain update failed (OSStatus \(updateStatus))")
        }
        var item = baseQuery
        item.merge(attributes) { _, new in new }
        let addStatus = SecItemAdd(item as CFDictionary, nil)
        guard addStatus == errSecSuccess else {
            throw .io("Keychain write failed (OSStatus \(addStatus))")
        }
    }

    /// Deletes the item (a missing one is fine).
    public func clear() async throws(TokenStoreError) {
        let status = SecItemDelete(baseQuery as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw .io("Keychain delete failed (OSStatus \(status))")
        }
    }

    /// Identifies the item: class, service and account.
    private var baseQuery: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: key,
        ]
    }
}
#endif
