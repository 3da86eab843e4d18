import Foundation
@testable import OAuthEngine

/// An in-memory stand-in for the Keychain's `SecItem` calls, with scripted failures, so the Keychain
/// store's queries and status handling run on Linux.
final class MemoryKeychain: KeychainAccess, @unchecked Sendable {
    struct Item: Equatable {
        var data: Data
        var accessibility: KeychainAccessibility
        var synchronizable: Bool
    }
    struct Key: Hashable {
        var service: String
        var account: String
        var accessGroup: String?
        /// On macOS the data-protection keychain and the login keychain are separate stores.
        var dataProtection: Bool
    }

    private let lock = NSLock()
    private var items: [Key: Item] = [:]
    /// Answers every call of this kind with the status instead.
    var failing: [String: KeychainStatus] = [:]
    /// Answers the next add with `duplicateItem` (another writer got there first).
    var raceOnAdd = false
    private(set) var calls: [String] = []

    func put(_ query: KeychainQuery, data: Data, synchronizable: Bool = false) {
        lock.withLock { items[Self.key(query)] = Item(data: data, accessibility: .afterFirstUnlock, synchronizable: synchronizable) }
    }

    func item(_ query: KeychainQuery) -> Item? { lock.withLock { items[Self.key(query)] } }

    func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: Data?) {
        lock.withLock {
            calls.append("copy \(query.account)")
            if let status = failing["copy"] { return (status, nil) }
            guard let item = items[Self.key(query)], query.includesSynchronizable || !item.synchronizable else {
                return (.itemNotFound, nil)
            }
            return (.success, item.data)
        }
    }

    func add(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus {
        lock.withLock {
            calls.append("add \(query.account)")
            if let status = failing["add"] { return status }
            if raceOnAdd {
                raceOnAdd = false
                items[Self.key(query)] = Item(data: Data("someone else's".utf8), accessibility: accessibility, synchronizable: false)
                return .duplicateItem
            }
            guard items[Self.key(query)] == nil else { return .duplicateItem }
            items[Self.key(query)] = Item(data: data, accessibility: accessibility, synchronizable: false)
            return .success
        }
    }

    func update(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus {
        lock.withLock {
            calls.append("update \(query.account)")
            if let status = failing["update"] { return status }
            guard var item = items[Self.key(query)] else { return .itemNotFound }
            item.data = data
            item.accessibility = accessibility
            items[Self.key(query)] = item
            return .success
        }
    }

    func delete(_ query: KeychainQuery) -> KeychainStatus {
        lock.withLock {
            calls.append("delete \(query.account)")
            if let status = failing["delete"] { return status }
            return items.removeValue(forKey: Self.key(query)) == nil ? .itemNotFound : .success
        }
    }

    private static func key(_ query: KeychainQuery) -> Key {
        Key(
            service: query.service, account: query.account, accessGroup: query.accessGroup,
            dataProtection: query.usesDataProtectionKeychain)
    }
}
