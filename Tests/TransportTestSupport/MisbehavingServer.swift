#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LineLoginPrimitives

/// A TCP server on 127.0.0.1 that misbehaves on purpose, for deadline tests of a real transport: it
/// accepts every connection and then either never answers (``Behaviour/hang``) or sends a valid HTTP answer
/// whose body comes one byte at a time (``Behaviour/trickle(every:)``), so that only a deadline for the whole
/// exchange ends the call. Blocking socket work runs on its own threads; call ``stop()`` when done.
///
/// It can also stand in for a database that stops answering and comes back: ``Behaviour/hang`` holds the
/// connections, and ``change(to:)`` with ``Behaviour/forward(port:)`` ends them (as a restarted server
/// would) and pipes new ones to the real server.
final class MisbehavingServer: Sendable {
    enum Behaviour: Sendable {
        /// Accept, read the request, never answer.
        case hang
        /// Pipe each connection, both ways, to `127.0.0.1:port`.
        case forward(port: Int)
        /// Answer `200 OK`: the status line and headers at once, then ``trickledBody`` one byte per
        /// `interval` seconds. The head is never cut: URLSession on Linux (Swift 6.3) stops the process when
        /// a connection ends inside a header block (swift-corelibs-foundation#5285; docs/SECURITY.md), and a
        /// stopped trickle would end it there.
        case trickle(every: TimeInterval)
        /// Send the status line, the headers and half the announced body, then reset the connection (RST).
        case resetMidBody
        /// Answer `200 OK` with a complete, well-framed body that is cut-off JSON.
        case truncatedJSON
        /// Answer `200 OK` with a chunked body that never ends (16 KiB chunks as fast as they are read).
        case endlessChunkedBody
        /// Announce `Content-Length: 10` and then send bytes without end.
        case bytesPastTheContentLength
        /// Announce `Content-Length: 10` and `Transfer-Encoding: chunked`, then send chunks without end: the
        /// length says small, the framing (chunked wins, RFC 9112 §6.3) says endless.
        case smallContentLengthOverEndlessChunks
        /// Announce a body of 10 GB, then send bytes without end.
        case announcedHugeBody
        /// Answer `200 OK` with a well-framed body of `pieces` times ``filler``, sent `interval` seconds apart:
        /// a body under any bound that reaches the client in several reads.
        case pacedBody(pieces: Int, every: TimeInterval)
    }

    /// 16 KiB of a JSON-looking filler, the unit the endless bodies are sent in.
    static let filler = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1024)

    static let halfResponse = Array(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"keys\":[{\"kty\":".utf8)
    static let truncatedJSONResponse = Array(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\nConnection: close\r\n\r\n{\"keys\":[{\"kty\"".utf8)

    /// What ``Behaviour/trickle(every:)`` sends byte by byte: 60 bytes, 12 s at 0.2 s a byte.
    static let trickledBody = Array(String(repeating: "ok", count: 30).utf8)
    static let trickledHead = Array("HTTP/1.1 200 OK\r\nContent-Length: \(trickledBody.count)\r\nConnection: close\r\n\r\n".utf8)

    let port: Int
    private let listener: Int32
    /// What new connections meet, the open ones, and what was sent, in the package's one lock box.
    private struct State: Sendable {
        var behaviour: Behaviour
        var connections: [Int32] = []
        var stopped = false
        var sentWithoutEnd = 0
    }
    private let state: LockedValue<State>

    /// Body bytes the endless behaviours have sent so far, every connection together: what a client read,
    /// give or take the socket buffers.
    var bytesSent: Int { state.current.sentWithoutEnd }

    /// Listens on a free loopback port; `nil` when no socket could be opened.
    init?(_ behaviour: Behaviour) {
        guard let (descriptor, port) = LoopbackSocket.listener(backlog: 16) else { return nil }
        listener = descriptor
        self.port = port
        state = LockedValue(State(behaviour: behaviour))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String = "jwks") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Ends every connection and the listener; each thread closes its own descriptor on its next step.
    func stop() {
        // Under the lock: a serving thread removes its descriptor (under the lock) before closing it, so a
        // descriptor shut down here is never one that was closed and reused meanwhile.
        state.withLock { state in
            state.stopped = true
            for descriptor in state.connections { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Answers new connections as `behaviour` says, and ends the connections open so far.
    func change(to behaviour: Behaviour) {
        state.withLock { state in
            state.behaviour = behaviour
            for descriptor in state.connections { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    private var isStopped: Bool { state.current.stopped }

    private func acceptLoop() {
        defer { _ = close(listener) }
        while !isStopped {
            // A short poll so that stop() is noticed without closing a descriptor another thread waits on.
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.append(connection)
                return true
            }
            guard accepted else {
                _ = close(connection)
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            state.withLock { $0.connections.removeAll { $0 == connection } }
            _ = close(connection)
        }
        let behaviour = state.current.behaviour
        if case .forward(let port) = behaviour {
            forward(connection, to: port)
            return
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        switch behaviour {
        case .forward: return
        case .hang:
            // Wait for the peer to go away (or stop()), never answering.
            while !isStopped, buffer.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) > 0 {}
        case .trickle(let interval):
            guard sendWhole(Self.trickledHead, to: connection) else { return }
            for byte in Self.trickledBody {
                if isStopped { return }
                var value = byte
                guard send(connection, &value, 1, LoopbackSocket.sendFlags) == 1 else { return }
                usleep(useconds_t(interval * 1_000_000))
            }
        case .resetMidBody:
            _ = Self.halfResponse.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, LoopbackSocket.sendFlags) }
            // SO_LINGER with a zero timeout: close() sends RST instead of FIN.
            var option = linger(l_onoff: 1, l_linger: 0)
            _ = setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        case .truncatedJSON:
            _ = Self.truncatedJSONResponse.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, LoopbackSocket.sendFlags) }
        case .endlessChunkedBody:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            let chunk = Array("4000\r\n".utf8) + Self.filler + Array("\r\n".utf8)
            sendWithoutEnd(connection, head: Array(head.utf8), unit: chunk)
        case .bytesPastTheContentLength:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n"
            sendWithoutEnd(connection, head: Array(head.utf8), unit: Self.filler)
        case .smallContentLengthOverEndlessChunks:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\n"
            let chunk = Array("4000\r\n".utf8) + Self.filler + Array("\r\n".utf8)
            sendWithoutEnd(connection, head: Array(head.utf8), unit: chunk)
        case .announcedHugeBody:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\n\r\n"
            sendWithoutEnd(connection, head: Array(head.utf8), unit: Self.filler)
        case .pacedBody(let pieces, let interval):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(pieces * Self.filler.count)\r\n\r\n"
            var unsent = [Array(head.utf8)] + Array(repeating: Self.filler, count: pieces)
            while !isStopped, !unsent.isEmpty {
                guard sendWhole(unsent.removeFirst(), to: connection) else { return }
                usleep(useconds_t(interval * 1_000_000))
            }
        }
    }

    /// Pipes `connection` to `127.0.0.1:port` and back until either side ends (or ``change(to:)``, ``stop()``).
    private func forward(_ connection: Int32, to port: Int) {
        guard let upstream = LoopbackSocket.openConnection(port: port) else { return }
        // No receive timeout: a pooled database connection may be idle for long.
        var forever = timeval(tv_sec: 0, tv_usec: 0)
        _ = setsockopt(upstream, SOL_SOCKET, SO_RCVTIMEO, &forever, socklen_t(MemoryLayout<timeval>.size))
        state.withLock { $0.connections.append(upstream) }
        let back = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Self.pump(from: upstream, to: connection)
            back.signal()
        }
        Self.pump(from: connection, to: upstream)
        back.wait()
        state.withLock { $0.connections.removeAll { $0 == upstream } }
        _ = close(upstream)
    }

    /// Copies `source` to `target` until either fails, then shuts both down (which ends the other direction).
    private static func pump(from source: Int32, to target: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let sent = buffer.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return -1 }
                    return send(target, base + offset, count - offset, LoopbackSocket.sendFlags)
                }
                guard sent > 0 else { break copying }
                offset += sent
            }
        }
        _ = shutdown(source, Int32(SHUT_RDWR))
        _ = shutdown(target, Int32(SHUT_RDWR))
    }

    /// `true` when all of `bytes` went out in one send.
    private func sendWhole(_ bytes: [UInt8], to connection: Int32) -> Bool {
        bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, LoopbackSocket.sendFlags) } == bytes.count
    }

    /// Sends `head`, then `unit` again and again until the peer stops reading (or hangs up), or `stop()`.
    private func sendWithoutEnd(_ connection: Int32, head: [UInt8], unit: [UInt8]) {
        guard sendWhole(head, to: connection) else { return }
        // A send that blocks longer than a second means the peer stopped reading: the test is over.
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sentInAll = 0
        // 64 MiB in all: far past any bound under test, and a bounded cost when a transport has none.
        while !isStopped, sentInAll < 64 << 20 {
            let sent = unit.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, LoopbackSocket.sendFlags) }
            guard sent > 0 else { return }
            sentInAll += sent
            state.withLock { $0.sentWithoutEnd += sent }
        }
    }

}
