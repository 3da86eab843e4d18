#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import LineLoginPrimitives
import Testing

/// The 0600 writer: no version of the file, the temporary one included, is ever readable by others, and a
/// crash leaves the old file or the new one.
@Suite struct PrivateFileWriterTests {
    /// What the writer's hook saw: the temporary file's mode and size before the first byte.
    final class Sightings: Sendable {
        private let seen = LockedValue<[(mode: Int, size: Int)]>([])
        func add(_ descriptor: Int32) {
            var info = stat()
            _ = fstat(descriptor, &info)
            seen.withLock { $0.append((Int(info.st_mode) & 0o7777, Int(info.st_size))) }
        }
        var all: [(mode: Int, size: Int)] { seen.current }
    }

    @Test func theTemporaryFileIsPrivateBeforeAByteIsWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sightings = Sightings()
        let writer = PrivateFileWriter(url: folder.file("state.json"), beforeFirstWrite: { sightings.add($0) })
        // (The umask is the process's, shared with the tests running beside this one, so it is left alone:
        // under the usual 022 a file made with Foundation's default mode is 0644 at this point.)
        try writer.write(Data("{\"secret\":1}".utf8))
        try writer.write(Data("{\"secret\":2}".utf8))
        #expect(sightings.all.count == 2)
        for sighting in sightings.all {
            #expect(sighting.mode == 0o600, "mode \(String(sighting.mode, radix: 8)) before the first write")
            #expect(sighting.size == 0, "seen before any byte was written")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: writer.url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try Data(contentsOf: writer.url) == Data("{\"secret\":2}".utf8))
        #expect(try folder.names() == ["state.json"], "no temporary file is left")
    }

    @Test func aLinkAtTheTargetIsReplacedNotWrittenThrough() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let victim = folder.file("victim")
        try Data("keep".utf8).write(to: victim)
        let target = folder.file("state.json")
        try FileManager.default.createSymbolicLink(at: target, withDestinationURL: victim)
        try PrivateFileWriter(url: target).write(Data("new".utf8))
        #expect(try Data(contentsOf: victim) == Data("keep".utf8), "the link's target is untouched")
        let type = try FileManager.default.attributesOfItem(atPath: target.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular, "the link itself was replaced by the new file")
        #expect(try Data(contentsOf: target) == Data("new".utf8))
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = folder.file("state.json")
        let writer = PrivateFileWriter(url: target)
        try writer.write(Data("old".utf8))
        // A folder where the file should be: the rename fails.
        let blocked = PrivateFileWriter(url: folder.file("sub"))
        try FileManager.default.createDirectory(at: folder.file("sub").appendingPathComponent("x"), withIntermediateDirectories: true)
        #expect(throws: PrivateFileError.self) { try blocked.write(Data("new".utf8)) }
        #expect(try Data(contentsOf: target) == Data("old".utf8))
        #expect(try folder.names() == ["state.json", "sub"])
    }

    @Test func aMissingFolderIsAnErrorThatNamesTheStep() throws {
        let writer = PrivateFileWriter(url: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/state.json"))
        do {
            try writer.write(Data("x".utf8))
            Issue.record("written into a missing folder")
        } catch {
            #expect(error.description.contains("create a temporary file"))
            #expect(!error.description.contains("x\""))
        }
    }

    @Test func staleTemporaryFilesOfThisFileAloneAreRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = PrivateFileWriter(url: folder.file("state.json"))
        let others = [
            ".other.json.1a2b.tmp", "state.json.tmp", "keep",
            // Another target's whose name starts with this one's: `state.json.bak`'s writer makes these.
            ".state.json.bak.1a2b.tmp", ".state.json.b.0.tmp",
            // Not what this writer's random part looks like: upper case, too long, empty, not hex.
            ".state.json.1A2B.tmp", ".state.json.00000000000000000.tmp", ".state.json..tmp", ".state.json.xyz.tmp",
        ]
        for name in [".state.json.1a2b.tmp", ".state.json.ffffffffffffffff.tmp"] + others {
            try Data().write(to: folder.file(name))
        }
        #expect(writer.removeStaleTemporaryFiles() == 2)
        #expect(try folder.names() == others.sorted())
        // What the writer itself leaves after a crash is always recognised.
        let crashed = folder.file(".state.json.\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp")
        #expect(writer.isTemporaryFile(named: crashed.lastPathComponent))
    }

    @Test func withAnAgeOnlyOldTemporaryFilesAreRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let writer = PrivateFileWriter(url: folder.file("k.json"))
        let old = folder.file(".k.json.1.tmp")
        let young = folder.file(".k.json.2.tmp")
        try Data().write(to: old)
        try Data().write(to: young)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: old.path)
        #expect(writer.removeStaleTemporaryFiles(olderThan: 60) == 1)
        #expect(try folder.names() == [".k.json.2.tmp"])
    }
}
