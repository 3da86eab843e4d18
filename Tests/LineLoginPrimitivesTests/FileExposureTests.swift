#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import LineLoginPrimitives
import Testing

/// The permission check for files that hold secrets.
@Suite struct FileExposureTests {
    @Test func modesAreReadAsTheyAre() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("config.json")
        try Data("{}".utf8).write(to: file)
        for (mode, readable, isPrivate) in [
            (0o600, false, true), (0o640, true, false), (0o604, true, false), (0o400, false, true), (0o620, false, false),
        ] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let exposure = try FileExposure.of(path: file.path)
            #expect(exposure.mode == mode)
            #expect(exposure.isReadableByOthers == readable, "\(exposure.octalMode)")
            #expect(exposure.isPrivate == isPrivate, "\(exposure.octalMode)")
            #expect(exposure.isOwnedByCurrentUser)
        }
    }

    @Test func readingChecksTheFileItReads() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("url")
        try Data("postgres://u:p@127.0.0.1/db\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let (contents, exposure) = try FileExposure.read(path: file.path, maximumSize: 1024)
        #expect(contents == Data("postgres://u:p@127.0.0.1/db\n".utf8))
        #expect(exposure.octalMode == "0644")
        #expect(throws: PrivateFileError.self) { _ = try FileExposure.read(path: file.path, maximumSize: 4) }
        #expect(throws: PrivateFileError.self) { _ = try FileExposure.read(path: folder.url.path, maximumSize: 1024) }
    }

    /// The one rule for trusting what a file says: the user's own, and no one else may write it.
    @Test func aFileIsTrustedOnlyWhenNoOneElseCouldHaveWrittenIt() {
        let me = UInt32(geteuid())
        let someoneElse: UInt32 = me == 65_534 ? 65_533 : 65_534
        for mode in [0o600, 0o400, 0o644, 0o700, 0o755] {
            #expect(FileExposure(mode: mode, ownerID: me).untrustedReason == nil, "mode \(String(mode, radix: 8))")
        }
        for mode in [0o620, 0o602, 0o666, 0o777, 0o100622] {
            let reason = FileExposure(mode: mode, ownerID: me).untrustedReason
            #expect(reason == "the group or others may write to it (mode 0\(String(mode & 0o7777, radix: 8)))")
        }
        #expect(FileExposure(mode: 0o600, ownerID: someoneElse).untrustedReason == "it belongs to another user (uid \(someoneElse))")
    }

    /// A folder lets others replace a file in it when they may write to it, unless it is sticky (`/tmp`).
    @Test func aFolderLetsOthersReplaceItsFilesOnlyWhenWritableAndNotSticky() throws {
        let me = UInt32(geteuid())
        for mode in [0o700, 0o755, 0o1777, 0o1770, 0o1733] {
            #expect(FileExposure(mode: mode, ownerID: me).replaceableEntriesReason == nil, "mode \(String(mode, radix: 8))")
        }
        for mode in [0o775, 0o777, 0o733, 0o757] {
            #expect(FileExposure(mode: mode, ownerID: me).replaceableEntriesReason != nil, "mode \(String(mode, radix: 8))")
        }
        #expect(try FileExposure.of(path: "/tmp").replaceableEntriesReason == nil, "/tmp is sticky")
    }
}
