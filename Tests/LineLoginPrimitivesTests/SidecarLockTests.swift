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
}
