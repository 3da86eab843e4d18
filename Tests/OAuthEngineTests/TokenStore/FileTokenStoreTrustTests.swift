#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LineLoginPrimitives
@testable import OAuthEngine
import Testing

/// The store refuses a location others control and never blocks on what it finds there.
@Suite("FileTokenStore trust")
struct FileTokenStoreTrustTests {
    typealias Fixtures = TokenStoreFixtures

    /// uid 65534 is `nobody` on Linux and Darwin alike.
    static let nobody: uid_t = 65534

    @Test(.enabled(if: geteuid() == 0, "giving a folder to another user needs root (CI runs as root)"))
    func aFolderOwnedByAnotherUserIsRefused() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try await store.save(Fixtures.tokens())
            try #require(chown(root.path, Self.nobody, gid_t(Self.nobody)) == 0)
            #expect(Self.isInsecure { _ = try store.loadNow() })
            #expect(await Self.isInsecureAsync { try await store.save(Fixtures.tokens("-2")) })
        }
    }

    @Test(arguments: [0o777, 0o1777, 0o770, 0o720])
    func aFolderOthersMayWriteToIsRefused(mode: Int) async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try await store.save(Fixtures.tokens())
            try #require(chmod(root.path, mode_t(mode)) == 0)
            #expect(Self.isInsecure { _ = try store.loadNow() })
            #expect(await Self.isInsecureAsync { try await store.save(Fixtures.tokens("-2")) })
            // Refused, not quietly repaired: someone may already have changed what is inside.
            #expect(try Fixtures.mode(of: root) == mode & 0o777)
        }
    }

    @Test func aFIFOAtTheTokenPathIsRefusedWithoutWaiting() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            try #require(mkfifo(store.fileURL.path, 0o600) == 0)
            #expect(Self.isInsecure { _ = try store.loadNow() })
        }
    }

    @Test func aLinkAtTheTokenPathIsRefused() async throws {
        try await Fixtures.withScratchDirectory { root in
            let store = FileTokenStore(directory: root, key: "k")
            let target = root.appendingPathComponent("elsewhere.json")
            try Data("{}".utf8).write(to: target)
            try #require(symlink(target.path, store.fileURL.path) == 0)
            #expect(Self.isInsecure { _ = try store.loadNow() })
        }
    }

    @Test func aTokenFileOthersCanReadIsTightenedAndReported() async throws {
        try await Fixtures.withScratchDirectory { root in
            let warnings = WarningLog()
            let store = FileTokenStore(directory: root, key: "k", onWarning: { warnings.append($0) })
            try await store.save(Fixtures.tokens())
            try #require(chmod(store.fileURL.path, 0o644) == 0)

            #expect(try store.loadNow() == Fixtures.tokens())
            #expect(try Fixtures.mode(of: store.fileURL) == 0o600)
            #expect(warnings.all == [.tightenedTokenFile(path: store.fileURL.path, previousMode: 0o644)])
            #expect(warnings.all.first?.description.contains("0600") == true)

            // Once private, nothing more to say.
            _ = try store.loadNow()
            #expect(warnings.all.count == 1)
        }
    }

    private static func isInsecure(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch {
            if case .insecure? = error as? TokenStoreError { return true }
            return false
        }
    }

    private static func isInsecureAsync(_ body: () async throws -> Void) async -> Bool {
        do {
            try await body()
            return false
        } catch {
            if case .insecure? = error as? TokenStoreError { return true }
            return false
        }
    }
}

/// The warnings a store reported, in order.
private final class WarningLog: Sendable {
    private let warnings = LockedValue<[FileTokenStoreWarning]>([])

    func append(_ warning: FileTokenStoreWarning) {
        warnings.withLock { $0.append(warning) }
    }

    var all: [FileTokenStoreWarning] { warnings.current }
}
