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
        let listening = Self.listeningInodes(port: port)
        // More than one listener on the port would make the inode ambiguous; the port check is all
        // that is left then.
        self.inode = listening?.count == 1 ? listening?.first : nil
    }

    /// `true` when `/proc` is expected but the socket could not be found there: the probe would then
    /// check only the port, so a test should say so rather than pass on the weaker check.
    var lostTheSocket: Bool {
        FileManager.default.fileExists(atPath: "/proc/net/tcp") && inode == nil
    }

    /// `true` once the listening socket is closed.
    func isClosed() async -> Bool {
        if let inode, let listening = Self.listeningInodes(port: port) {
            return !listening.contains(inode)
        }
        return await LoopbackSocket.canConnect(port: port) == false
    }

    /// The inodes of the sockets in LISTEN state on `port` (any local address), or `nil` without `/proc`.
    static func listeningInodes(port: Int) -> Set<String>? {
        var found: Set<String> = []
        var readAny = false
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
            readAny = true
            // sl local_address rem_address st tx_queue:rx_queue tr:when retrnsmt uid timeout inode …
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count > 9, fields[3] == "0A",
                    let portHex = fields[1].split(separator: ":").last,
                    Int(portHex, radix: 16) == port
                else { continue }
                found.insert(String(fields[9]))
            }
        }
        return readAny ? found : nil
    }
}
