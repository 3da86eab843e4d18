import Foundation
import LineLoginPrimitives
@testable import OAuthEngine

/// An in-memory stand-in for the Keychain's `SecItem` calls, with scripted failures, so the Keychain
/// store's queries and status handling run on Linux.
final class MemoryKeychain: KeychainAccess, Sendable {
    struct Item: Equatable, Sendable {
        var data: Data
        var accessibility: KeychainAccessibility
        var synchronizable: Bool
    }
    struct Key: Hashable, Sendable {
        var service: String
        var account: String
        var accessGroup: String?
        /// On macOS the data-protection keychain and the login keychain are separate stores.
        var dataProtection: Bool
    }

    /// The items, the scripted failures and the calls so far, in the package's one lock box.
    private struct State: Sendable {
        var items: [Key: Item] = [:]
        var failing: [String: KeychainStatus] = [:]
        var raceOnAdd = false
        var calls: [String] = []
    }
    private let state = LockedValue(State())

    /// Answers every call of this kind with the status instead.
    var failing: [String: KeychainStatus] {
        get { state.current.failing }
        set { state.withLock { $0.failing = newValue } }
    }
    /// Answers the next add with `duplicateItem` (another writer got there first).
    var raceOnAdd: Bool {
        get { state.current.raceOnAdd }
        set { state.withLock { $0.raceOnAdd = newValue } }
    }
    /// Every call so far, in order.
    var calls: [String] { state.current.calls }

    func put(_ query: KeychainQuery, data: Data, synchronizable: Bool = false) {
        state.withLock { $0.items[Self.key(query)] = Item(data: data, accessibility: .afterFirstUnlock, synchronizable: synchronizable) }
    }

    func item(_ query: KeychainQuery) -> Item? { state.current.items[Self.key(query)] }

    func copyData(matching query: KeychainQuery) -> (status: KeychainStatus, data: Data?) {
        state.withLock { state in
            state.calls.append("copy \(query.account)")
            if let status = state.failing["copy"] { return (status, nil) }
            guard let item = state.items[Self.key(query)], query.includesSynchronizable || !item.synchronizable else {
                return (.itemNotFound, nil)
            }
            return (.success, item.data)
        }
    }

    func add(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus {
        state.withLock { state in
            state.calls.append("add \(query.account)")
            if let status = state.failing["add"] { return status }
            if state.raceOnAdd {
                state.raceOnAdd = false
                state.items[Self.key(query)] = Item(data: Data("someone else's".utf8), accessibility: accessibility, synchronizable: false)
                return .duplicateItem
            }
            guard state.items[Self.key(query)] == nil else { return .duplicateItem }
            state.items[Self.key(query)] = Item(data: data, accessibility: accessibility, synchronizable: false)
            return .success
        }
    }

    func update(_ query: KeychainQuery, data: Data, accessibility: KeychainAccessibility) -> KeychainStatus {
        state.withLock { state in
            state.calls.append("update \(query.account)")
            if let status = state.failing["update"] { return status }
            guard var item = state.items[Self.key(query)] else { return .itemNotFound }
            item.data = data
            item.accessibility = accessibility
            state.items[Self.key(query)] = item
            return .success
        }
    }

    func delete(_ query: KeychainQuery) -> KeychainStatus {
        state.withLock { state in
            state.calls.append("delete \(query.account)")
            if let status = state.failing["delete"] { return status }
            return state.items.removeValue(forKey: Self.key(query)) == nil ? .itemNotFound : .success
        }
    }

    private static func key(_ query: KeychainQuery) -> Key {
        Key(
            service: query.service, account: query.account, accessGroup: query.accessGroup,
            dataProtection: query.usesDataProtectionKeychain)
    }
}
