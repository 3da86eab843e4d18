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
}
