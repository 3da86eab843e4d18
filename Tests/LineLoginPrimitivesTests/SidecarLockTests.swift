#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import LineLoginPrimitives
import Testing

/// One owner per file: the lock is on a sidecar, so replacing the file keeps it; a second owner is refused.
@Suite struct SidecarLockTests {
    @Test func aSecondOwnerIsRefusedUntilTheFirstIsGone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("state.json")
        var first: SidecarLock? = try SidecarLock(for: file)
        #expect(first?.path == file.path + ".lock")
        #expect(throws: SidecarLockError.heldElsewhere(path: file.path + ".lock")) { _ = try SidecarLock(for: file) }
        // Replacing the file (what every state write does) keeps the lock: it is not on the file.
        try PrivateFileWriter(url: file).write(Data("new".utf8))
        #expect(throws: SidecarLockError.heldElsewhere(path: file.path + ".lock")) { _ = try SidecarLock(for: file) }
        first = nil
        let second = try SidecarLock(for: file)
        #expect(second.path == file.path + ".lock")
    }

    @Test func theLockFileIsPrivate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let lock = try SidecarLock(for: folder.file("state.json"))
        #expect(try FileExposure.of(path: lock.path).mode == 0o600)
    }

    @Test func aLockFileThatCannotBeCreatedIsUnusableNotHeld() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/state.json")
        do {
            _ = try SidecarLock(for: missing)
            Issue.record("locked a file in a missing folder")
        } catch {
            guard case .unusable = error else {
                Issue.record("expected unusable: \(error)")
                return
            }
        }
    }

    @Test func releaseLetsTheNextOwnerInAtOnceAndMayBeRepeated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("state.json")
        let first = try SidecarLock(for: file)
        #expect(first.isHeld)
        first.release()
        #expect(!first.isHeld)
        // Still referenced, yet released: a second owner gets it.
        let second = try SidecarLock(for: file)
        first.release()
        #expect(throws: SidecarLockError.heldElsewhere(path: file.path + ".lock")) { _ = try SidecarLock(for: file) }
        #expect(second.isHeld)
    }

    @Test func aLinkedLockFileIsRefusedInWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("state.json")
        try Data().write(to: folder.file("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: file.path + ".lock", withDestinationPath: folder.file("elsewhere").path)
        #expect(throws: SidecarLockError.untrusted(path: file.path + ".lock", reason: "it is a symbolic link")) {
            _ = try SidecarLock(for: file)
        }
        #expect(
            SidecarLockError.untrusted(path: "/x.lock", reason: "it is a symbolic link").description
                == "the lock file /x.lock can't be used: it is a symbolic link")
    }

    /// Another user's lock file: that user could delete it and make a new one at any time, letting two
    /// owners in. Only root can make a file another user's, so that part runs as root (as CI does).
    @Test func anotherUsersLockFileIsRefusedInWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("state.json")
        let lockPath = file.path + ".lock"
        try Data().write(to: URL(fileURLWithPath: lockPath))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: lockPath)
        guard geteuid() == 0 else {
            // Not root: the file stays this user's, and the lock is taken as usual.
            #expect(try SidecarLock(for: file).isHeld)
            return
        }
        #expect(chown(lockPath, 65_534, 65_534) == 0)
        #expect(throws: SidecarLockError.untrusted(path: lockPath, reason: "it belongs to another user (uid 65534)")) {
            _ = try SidecarLock(for: file)
        }
    }
}
