#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Crypto
public import Foundation
import LineLoginPrimitives

/// Keeps tokens in a JSON file readable by the owner only: the default store on Linux and for
/// command-line tools.
///
/// Writes are atomic (a temporary file in the same directory, created with mode 0600 before a byte is
/// written, `fsync`, `rename`, directory `fsync`: the package's one writer of secret files), so a reader
/// sees the old or the new tokens, never a torn file, and concurrent saves from one process are safe. The directory is created with mode 0700, and an existing one
/// owned by this user is tightened to 0700: it should hold nothing but token files.
///
/// Whoever can write to the directory can swap the tokens, so a directory that belongs to another
/// user or that group or others may write to is refused (``TokenStoreError/insecure(_:)``) when
/// loading and saving. The token file is opened without following a link or blocking (a FIFO or a
/// device there is refused), and a token file others may read is tightened to 0600 and reported to
/// ``onWarning`` once per load.
public struct FileTokenStore: TokenStore, SynchronousTokenLoading {
    /// The directory holding the token files.
    public let directory: URL
    /// The token file, `<directory>/<sanitized key>.json`.
    public let fileURL: URL
    /// Told when the store fixed something the user should know about (e.g. a token file others could
    /// read); the command-line tool prints it. Never carries a token.
    public let onWarning: (@Sendable (FileTokenStoreWarning) -> Void)?

    /// The largest token file read; anything bigger is not one this store wrote.
    private static let maximumFileSize = 1 << 20

    /// A store for `key` (e.g. `channel-1234567890` or `oidc-<hash>`) in `directory`. The key is
    /// reduced to `[A-Za-z0-9._-]`; a key that had to change gets a short hash so distinct keys
    /// keep distinct files. `onWarning` hears about fixed permissions (see ``onWarning``).
    public init(
        directory: URL = defaultDirectory(), key: String,
        onWarning: (@Sendable (FileTokenStoreWarning) -> Void)? = nil
    ) {
        self.directory = directory
        self.fileURL = directory.appendingPathComponent(Self.fileName(forKey: key), isDirectory: false)
        self.onWarning = onWarning
    }

    /// `$XDG_DATA_HOME/line-login` when `XDG_DATA_HOME` is an absolute path, otherwise
    /// `~/.local/share/line-login` (Apple platforms: `~/Library/Application Support/line-login`).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        // The XDG spec says relative values are to be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent("line-login", isDirectory: true)
        }
        let homePath = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        let home = URL(fileURLWithPath: homePath, isDirectory: true)
        #if canImport(Darwin)
        return home.appendingPathComponent("Library/Application Support/line-login", isDirectory: true)
        #else
        return home.appendingPathComponent(".local/share/line-login", isDirectory: true)
        #endif
    }

    /// The stored tokens; `nil` when there is no file, ``TokenStoreError/corrupt(_:)`` when it can't be decoded.
    public func load() async throws(TokenStoreError) -> TokenSet? {
        try loadNow()
    }

    /// The stored tokens, read without suspending (for LINE's synchronous `isAuthorized`).
    public func loadNow() throws(TokenStoreError) -> TokenSet? {
        var directoryInfo = stat()
        if stat(directory.path, &directoryInfo) != 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .io("could not examine \(directory.path): \(Self.describe(errno: code))")
        }
        try Self.requireTrusted(directory: directory.path, directoryInfo)

        let path = fileURL.path
        // Non-blocking: opening a FIFO for reading would otherwise wait for a writer forever.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { throw .insecure("\(path) is a symbolic link") }
            throw .io("could not open \(path): \(Self.describe(errno: code))")
        }
        defer { _ = close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .io("could not examine \(path): \(Self.describe(errno: errno))")
        }
        guard Int(info.st_mode) & Int(S_IFMT) == Int(S_IFREG) else {
            throw .insecure("\(path) is not a regular file")
        }
        let exposedBits = Int(info.st_mode) & 0o077
        if exposedBits != 0 {
            guard fchmod(descriptor, 0o600) == 0 else {
                throw .insecure("\(path) is readable by other users and could not be made private: \(Self.describe(errno: errno))")
            }
            onWarning?(.tightenedTokenFile(path: path, previousMode: Int(info.st_mode) & 0o777))
        }

        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .io("could not read \(path): \(Self.describe(errno: code))")
            }
            contents += chunk.prefix(count)
            if contents.count > Self.maximumFileSize {
                throw .corrupt("token file \(path) is too large")
            }
        }
        return try TokenSetCoding.decode(Data(contents), source: "token file \(path)")
    }

    /// Atomically replaces the token file; durable when it returns.
    public func save(_ tokens: TokenSet) async throws(TokenStoreError) {
        let data = try TokenSetCoding.encode(tokens)
        try prepareDirectory()

        // A unique name per write (so concurrent saves never share a temporary file), 0600 from its creation.
        do { try writer.write(data) } catch { throw .io(error.description) }
    }

    /// Deletes the token file (a missing one is fine) and the temporary files a crashed write left, once
    /// they are a minute old.
    public func clear() async throws(TokenStoreError) {
        let path = fileURL.path
        if unlink(path) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw .io("could not delete \(path): \(Self.describe(errno: code))")
        }
        // Only old ones: nothing stops another process (`oauth login` in another terminal) from saving this
        // very file right now, and deleting its temporary file would make that save fail. A save holds its
        // temporary file for one write and one flush (milliseconds), so a file a minute old is a crashed
        // write's; a younger one is left for the next clear().
        writer.removeStaleTemporaryFiles(olderThan: Self.staleTemporaryFileAge)
        do { try writer.synchronizeFolder() } catch { throw .io(error.description) }
    }

    /// How old a temporary file must be before ``clear()`` treats it as a crashed write's.
    static let staleTemporaryFileAge: TimeInterval = 60

    // MARK: - Helpers

    /// The one writer of files that hold secrets (temporary files `.<file name>.<random>.tmp`, hidden and
    /// next to the target).
    private var writer: PrivateFileWriter { PrivateFileWriter(url: fileURL) }

    /// `<sanitized key>.json`.
    package static func fileName(forKey key: String) -> String {
        let isAllowed: (Unicode.Scalar) -> Bool = { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        var name = String(String.UnicodeScalarView(key.unicodeScalars.map { isAllowed($0) ? $0 : "_" }))
        var changed = name != key
        if name.isEmpty || name.hasPrefix(".") {
            name = "_" + name.drop { $0 == "." }
            changed = true
        }
        if name.utf8.count > 128 {
            name = String(name.prefix(96))
            changed = true
        }
        if changed {
            let digest = SHA256.hash(data: Data(key.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
            name += "-\(digest)"
        }
        return name + ".json"
    }

    /// Creates the directory (mode 0700) if needed, or tightens an existing one owned by this user.
    private func prepareDirectory() throws(TokenStoreError) {
        let path = directory.path
        if mkdir(path, 0o700) == 0 {
            // The umask may have removed more than group and other bits.
            _ = chmod(path, 0o700)
            return
        }
        var code = errno
        if code == ENOENT {
            // Parents (e.g. ~/.local/share) get the usual mode; only this directory must be private.
            do {
                try FileManager.default.createDirectory(
                    at: directory.deletingLastPathComponent(),
                    withIntermediateDirectories: true)
            } catch {
                throw .io("could not create the parent of \(path)")
            }
            if mkdir(path, 0o700) == 0 {
                _ = chmod(path, 0o700)
                return
            }
            code = errno
        }
        guard code == EEXIST else {
            throw .io("could not create \(path): \(Self.describe(errno: code))")
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .io("could not examine \(path): \(Self.describe(errno: errno))")
        }
        try Self.requireTrusted(directory: path, info)
        // Only read and search bits are left here: tightening them hides the file names.
        if Int(info.st_mode) & 0o077 != 0 {
            _ = chmod(path, 0o700)
        }
    }

    /// Refuses a token directory someone else could change: not a directory, or untrusted by the package's
    /// one rule (``FileExposure/untrustedReason``: owned by another user, or writable by group or others;
    /// whoever can write there can replace the token file).
    private static func requireTrusted(directory path: String, _ info: stat) throws(TokenStoreError) {
        guard Int(info.st_mode) & Int(S_IFMT) == Int(S_IFDIR) else {
            throw .io("\(path) is not a directory")
        }
        if let reason = FileExposure(mode: Int(info.st_mode), ownerID: UInt32(info.st_uid)).untrustedReason {
            throw .insecure("\(path) can't be trusted with tokens: \(reason)")
        }
    }

    private static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
