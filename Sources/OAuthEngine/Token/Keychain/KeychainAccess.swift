public import Foundation

/// The Keychain as the token store uses it: the four `SecItem` calls over plain values, so every query
/// and every status is decided in cross-platform code (``KeychainTokenStore``) and tested on Linux with an
/// in-memory stand-in. On Apple platforms `SecItemKeychain` answers with the real Keychain.
public protocol KeychainAccess: Sendable {
    /// `SecItemCopyMatching` for one generic-password item's data.
    func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: Data?)
    /// `SecItemAdd`.
    func add(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus
    /// `SecItemUpdate` of the data and accessibility of the items `query` matches.
    func update(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus
    /// `SecItemDelete`.
    func delete(_ query: KeychainQuery) -> KeychainStatus
}

/// One generic-password item: service, account, access group and whether synchronizable items count.
public struct KeychainQuery: Sendable, Equatable {
    /// `kSecAttrService`.
    public var service: String
    /// `kSecAttrAccount`.
    public var account: String
    /// `kSecAttrAccessGroup`, for sharing with app extensions; `nil` for the app's default group.
    public var accessGroup: String?
    /// `kSecAttrSynchronizable`: `true` matches synchronizable items too (`kSecAttrSynchronizableAny`),
    /// as LINE's SDK queries its item; `false` only this device's.
    public var includesSynchronizable: Bool
    /// `kSecUseDataProtectionKeychain`: on macOS, `true` keeps the item in the data-protection keychain, as on
    /// iOS (a signed app with a keychain-access-groups entitlement, or its app ID prefix, can use it), `false` in
    /// the file-based login keychain (what a command-line tool can use). Every item on iOS is in the former.
    public var usesDataProtectionKeychain: Bool

    /// Creates a query.
    public init(
        service: String, account: String, accessGroup: String? = nil, includesSynchronizable: Bool = false,
        usesDataProtectionKeychain: Bool = true
    ) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
        self.includesSynchronizable = includesSynchronizable
        self.usesDataProtectionKeychain = usesDataProtectionKeychain
    }
}

/// When an item can be read (`kSecAttrAccessible…`).
public enum KeychainAccessibility: String, Sendable, Equatable, CaseIterable {
    /// After the first unlock since boot, on this device only (the default: background refresh works,
    /// the token never leaves the device).
    case afterFirstUnlockThisDeviceOnly
    /// While unlocked, on this device only.
    case whenUnlockedThisDeviceOnly
    /// After the first unlock, and migrated to a new device by an encrypted backup.
    case afterFirstUnlock
}

/// A `SecItem` result code, by the values Apple's Security framework defines.
public struct KeychainStatus: RawRepresentable, Sendable, Equatable, Hashable {
    /// The `OSStatus`.
    public let rawValue: Int32
    /// Creates a status.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `errSecSuccess`.
    public static let success = KeychainStatus(rawValue: 0)
    /// `errSecItemNotFound`.
    public static let itemNotFound = KeychainStatus(rawValue: -25300)
    /// `errSecDuplicateItem`.
    public static let duplicateItem = KeychainStatus(rawValue: -25299)
    /// `errSecInteractionNotAllowed`: the device is locked; trying again later may work.
    public static let interactionNotAllowed = KeychainStatus(rawValue: -25308)
}
