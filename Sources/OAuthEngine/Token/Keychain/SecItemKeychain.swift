#if canImport(Security)
public import Foundation
import Security

/// The real Keychain behind ``KeychainAccess``: each call is one `SecItem` function over the query's
/// attributes; every decision is in ``KeychainTokenStore``.
public struct SecItemKeychain: KeychainAccess {
    /// The system Keychain.
    public init() {}

    /// `SecItemCopyMatching`, one item's data.
    public func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: Data?) {
        var attributes = Self.attributes(query)
        attributes[kSecReturnData as String] = true
        attributes[kSecMatchLimit as String] = kSecMatchLimitOne
        var item: CFTypeRef?
        let status = SecItemCopyMatching(attributes as CFDictionary, &item)
        return (KeychainStatus(rawValue: status), item as? Data)
    }

    /// `SecItemAdd`.
    public func add(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus {
        var attributes = Self.attributes(query)
        attributes[kSecValueData as String] = data
        attributes[kSecAttrAccessible as String] = Self.value(accessibility)
        return KeychainStatus(rawValue: SecItemAdd(attributes as CFDictionary, nil))
    }

    /// `SecItemUpdate`.
    public func update(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus {
        let changes: [String: Any] = [kSecValueData as String: data, kSecAttrAccessible as String: Self.value(accessibility)]
        return KeychainStatus(rawValue: SecItemUpdate(Self.attributes(query) as CFDictionary, changes as CFDictionary))
    }

    /// `SecItemDelete`.
    public func delete(_ query: KeychainQuery) -> KeychainStatus {
        KeychainStatus(rawValue: SecItemDelete(Self.attributes(query) as CFDictionary))
    }

    private static func attributes(_ query: KeychainQuery) -> [String: Any] {
        var attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: query.service,
            kSecAttrAccount as String: query.account,
        ]
        if let group = query.accessGroup { attributes[kSecAttrAccessGroup as String] = group }
        if query.includesSynchronizable { attributes[kSecAttrSynchronizable as String] = kSecAttrSynchronizableAny }
        if query.usesDataProtectionKeychain { attributes[kSecUseDataProtectionKeychain as String] = true }
        return attributes
    }

    private static func value(_ accessibility: KeychainAccessibility) -> CFString {
        switch accessibility {
        case .afterFirstUnlockThisDeviceOnly: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        case .whenUnlockedThisDeviceOnly: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        case .afterFirstUnlock: return kSecAttrAccessibleAfterFirstUnlock
        }
    }
}

extension KeychainTokenStore {
    /// A store in the system Keychain (``SecItemKeychain``).
    public init(
        key: String, service: String = "line-login", accessGroup: String? = nil,
        accessibility: KeychainAccessibility = .afterFirstUnlockThisDeviceOnly, migration: Migration? = nil,
        usesDataProtectionKeychain: Bool = true
    ) {
        self.init(
            key: key, service: service, accessGroup: accessGroup, accessibility: accessibility, migration: migration,
            usesDataProtectionKeychain: usesDataProtectionKeychain, keychain: SecItemKeychain())
    }
}
#endif
