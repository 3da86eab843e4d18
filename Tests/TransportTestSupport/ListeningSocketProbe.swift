#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Tells whether *the* listening socket that held a loopback port has closed, not just whether the
/// port answers.
///
/// "Nothing accepts a connection on the port any more" is the wrong check in a parallel test run:
/// the kernel hands a freed port to the next listener that binds port 0 (another test's emulator),
/// and CI saw exactly that under ThreadSanitizer. On Linux the probe remembers the socket's inode from
/// `/proc/net/tcp` while it listens and later looks for that inode, which no other socket can have
/// while this one is open. Where there is no `/proc` (macOS) it falls back to connecting.
struct ListeningSocketProbe {
    /// The port the listener was bound to.
    let port: Int
    /// The listening socket's inode, when `/proc/net/tcp` is readable.
    let inode: String?

    /// Finds the socket listening on `127.0.0.1:port` (call while it is known to be listening).
    init(port: Int) {
        self.port = port
        // The kernel writes /proc/net/tcp in chunks as it is read, so a socket opened or closed between two
        // chunks can shift a row out of the text; a few reads make a miss unlikely.
        var inode: String?
        for _ in 0..<20 {
            if let listening = Self.listeningInodes(port: port), listening.count == 1 {
                inode = listening.first
                break
            }
        }
        self.inode = inode
    }

    /// `true` when `/proc` is expected but the socket could not be found there: the probe would then
    /// check only the port, so a test should say so rather than pass on the weaker check.
    var lostTheSocket: Bool {
        FileManager.default.fileExists(atPath: "/proc/net/tcp") && inode == nil
    }

    /// `true` once the listening socket is closed.
    func isClosed() async -> Bool {
        if let inode {
            // Absent from three reads in a row, as one read can miss a row (see `init`).
            for _ in 0..<3 {
                guard let listening = Self.listeningInodes(port: port) else { break }
                if listening.contains(inode) { return false }
            }
            return true
        }
        return await LoopbackSocket.canConnect(port: port) == false
    }

    /// The inodes of the sockets in LISTEN state on `127.0.0.1:port`, or `nil` without `/proc`.
    static func listeningInodes(port: Int) -> Set<String>? {
        guard let text = readWhole("/proc/net/tcp") else { return nil }
        // sl local_address rem_address st …: the address is the IPv4 address's bytes in host (little-endian)
        // order, then the port, both in hex; state 0A is LISTEN; the inode is the tenth field.
        let local = "0100007F:" + String(format: "%04X", port)
        var found: Set<String> = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, fields[1] == local, fields[3] == "0A" else { continue }
            found.insert(String(fields[9]))
        }
        return found
    }

    /// The whole file, read to its end with `read(2)`: a /proc file reports size 0 and is generated as it
    /// is read, so nothing may rely on its size.
    private static func readWhole(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
