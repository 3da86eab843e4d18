#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The POSIX socket calls the loopback agent needs; the Glibc/Darwin differences are in ``POSIX``.
///
/// Every descriptor is close-on-exec (a browser launched with `Process` must not inherit the
/// listener) and never raises `SIGPIPE` (a browser that hangs up must not kill the process).
enum LoopbackSocket {
    /// What one non-blocking receive produced.
    enum ReceiveResult {
        /// Some bytes were read.
        case bytes([UInt8])
        /// Nothing to read yet.
        case wouldBlock
        /// The peer closed the connection or it failed.
        case closed
    }

    /// The text of an `errno` value.
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Closes a descriptor, ignoring errors (there is nothing useful to do about them).
    static func closeDescriptor(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        _ = close(descriptor)
    }

    /// A listening TCP socket bound to `address:port` only; port 0 lets the kernel choose.
    /// Returns the descriptor and the bound port.
    static func makeListener(on address: LoopbackAddress, port: Int) throws(UserAgentError) -> (descriptor: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw .invalidRedirectURI("port \(port) is out of range") }
        let family: Int32
        switch address {
        case .ipv4: family = AF_INET
        case .ipv6Loopback: family = AF_INET6
        }
        let descriptor = POSIX.makeStreamSocket(family: family)
        guard descriptor >= 0 else {
            throw .unavailable("could not create a socket: \(describe(errno: errno))")
        }
        var keep = false
        defer { if !keep { closeDescriptor(descriptor) } }

        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        POSIX.suppressSIGPIPE(on: descriptor)
        guard setNonBlocking(descriptor) else {
            throw .unavailable("could not configure the socket: \(describe(errno: errno))")
        }

        let bound: Int32
        switch address {
        case let .ipv4(a, b, c, d):
            var socketAddress = sockaddr_in()
            POSIX.setLength(of: &socketAddress)
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = in_port_t(UInt16(port)).bigEndian
            // The four octets in network order, whatever the host byte order.
            let networkOrder = (UInt32(a) << 24) | (UInt32(b) << 16) | (UInt32(c) << 8) | UInt32(d)
            socketAddress.sin_addr.s_addr = in_addr_t(networkOrder).bigEndian
            bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6Loopback:
            var socketAddress = sockaddr_in6()
            POSIX.setLength(of: &socketAddress)
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = in_port_t(UInt16(port)).bigEndian
            socketAddress.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        if bound != 0 {
            let code = errno
            if code == EADDRINUSE { throw .unavailable("port \(port) is in use") }
            if code == EADDRNOTAVAIL { throw .unavailable("address \(address.urlHost) is not available") }
            throw .unavailable("could not listen on \(address.urlHost):\(port): \(describe(errno: code))")
        }
        guard listen(descriptor, 16) == 0 else {
            let code = errno
            if code == EADDRINUSE { throw .unavailable("port \(port) is in use") }
            throw .unavailable("could not listen on \(address.urlHost):\(port): \(describe(errno: code))")
        }
        guard let local = localAddress(of: descriptor) else {
            throw .unavailable("could not read the listening port: \(describe(errno: errno))")
        }
        keep = true
        return (descriptor, local.port)
    }

    /// The address and port a socket is bound to (`getsockname`), e.g. `("127.0.0.1", 53124)`.
    static func localAddress(of descriptor: Int32) -> (host: String, port: Int)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    let value = UInt32(bigEndian: UInt32(pointer.pointee.sin_addr.s_addr))
                    let host = "\(value >> 24).\((value >> 16) & 0xFF).\((value >> 8) & 0xFF).\(value & 0xFF)"
                    return (host, Int(UInt16(bigEndian: UInt16(pointer.pointee.sin_port))))
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    var address = pointer.pointee.sin6_addr
                    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                    guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return nil }
                    let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return (host, Int(UInt16(bigEndian: UInt16(pointer.pointee.sin6_port))))
                }
            }
        default:
            return nil
        }
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec socket; `nil` when none is
    /// pending or accepting failed (the caller just keeps polling).
    static func acceptConnection(_ listener: Int32) -> Int32? {
        while true {
            // Glibc's module map hides accept4 (it needs _GNU_SOURCE), so set the flags afterwards.
            let descriptor = accept(listener, nil, nil)
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                guard setNonBlocking(descriptor) else {
                    closeDescriptor(descriptor)
                    return nil
                }
                POSIX.suppressSIGPIPE(on: descriptor)
                return descriptor
            }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Reads what is available, at most `limit` bytes.
    static func receive(_ descriptor: Int32, limit: Int) -> ReceiveResult {
        var buffer = [UInt8](repeating: 0, count: max(1, limit))
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(buffer.prefix(count))) }
            if count == 0 { return .closed }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            return .closed
        }
    }

    /// Writes all of `bytes`, waiting for the socket to drain for at most `timeoutMilliseconds`.
    /// Returns `false` if the peer went away or was too slow.
    @discardableResult
    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], timeoutMilliseconds: Int32) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(timeoutMilliseconds)))
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(descriptor, base + offset, raw.count - offset, POSIX.sendFlags)
            }
            if sent > 0 {
                offset += sent
                continue
            }
            let code = errno
            if sent < 0 && code == EINTR { continue }
            guard sent < 0, code == EAGAIN || code == EWOULDBLOCK else { return false }
            let remaining = milliseconds(until: deadline, clock: clock)
            guard remaining > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, remaining)
            if ready < 0 && errno != EINTR { return false }
        }
        return true
    }

    /// Prepares a connection for a polite close: stop sending, discard what the peer already sent.
    /// The caller closes it (``LoopbackDescriptor/finish()``).
    ///
    /// Closing with unread data makes the kernel send a reset, which can make a browser drop the
    /// response it was about to show.
    static func shutDownAndDrain(_ descriptor: Int32) {
        _ = shutdown(descriptor, POSIX.shutdownWrite)
        for _ in 0..<16 {
            guard case .bytes = receive(descriptor, limit: 4096) else { break }
        }
    }

    /// A non-blocking, close-on-exec pipe used to wake a `poll` from another thread.
    static func makeWakePipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            guard setNonBlocking(descriptor) else {
                descriptors.forEach(closeDescriptor)
                return nil
            }
        }
        return (descriptors[0], descriptors[1])
    }

    /// Writes one byte to a wake pipe; a full pipe already means "wake up".
    static func signal(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Empties a wake pipe.
    static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Milliseconds from now to `deadline`, rounded up, clamped to `0...Int32.max`.
    static func milliseconds(until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Int32 {
        let remaining = clock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }

    // MARK: - Descriptor flags

    private static func setNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0 else { return false }
        return fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }
}
