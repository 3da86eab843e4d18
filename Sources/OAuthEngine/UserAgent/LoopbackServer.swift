#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The loop that waits for the one redirect on a loopback listener; runs on its own thread.
///
/// Connections are served side by side with `poll`, each with its own read deadline, so an idle
/// browser pre-connection or a slow client can't hold up the real callback.
struct LoopbackServer: Sendable {
    /// What the server waits for.
    struct Configuration: Sendable {
        /// The percent-encoded path the callback must use, e.g. `/callback`.
        var expectedPath: String
        /// The advertised redirect URI, to which the request's query is appended.
        var redirectBase: String
        /// How long to wait for the callback in all.
        var timeout: Duration
        /// The page for a successful redirect; `nil` for the built-in one.
        var successPage: String?
    }

    /// How long one connection may take to send its request head.
    static let connectionReadTimeout: Duration = .seconds(5)
    /// How long writing one response may take.
    static let writeTimeoutMilliseconds: Int32 = 2000
    /// Open connections kept at once; the oldest is dropped beyond this.
    static let maximumConnections = 32

    /// The listening socket (non-blocking).
    let listener: Int32
    /// The read end of the wake pipe; readable when ``isCancelled`` may have changed.
    let wake: Int32
    /// What to wait for.
    let configuration: Configuration
    /// Whether the attempt was cancelled.
    let isCancelled: @Sendable () -> Bool
    /// Closes the listening socket as soon as the callback is recognised.
    let closeListener: @Sendable () -> Void

    private struct Connection {
        /// Owned here alone: closing goes through it, so a connection is closed exactly once.
        let descriptor: LoopbackDescriptor
        var buffer: [UInt8] = []
        let deadline: ContinuousClock.Instant
    }

    private enum Progress {
        case waiting
        case closed
        case callback(URL, carriesError: Bool)
    }

    /// Serves until the callback arrives, the deadline passes or the attempt is cancelled.
    func run() -> Result<URL, UserAgentError> {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: configuration.timeout)
        var connections: [Connection] = []
        defer { connections.forEach { $0.descriptor.close() } }

        while true {
            if isCancelled() { return .failure(.cancelled) }
            let now = clock.now
            if now >= deadline { return .failure(.timedOut) }
            connections.removeAll { connection in
                guard connection.deadline <= now else { return false }
                connection.descriptor.close()
                return true
            }

            let wakeAt = connections.map(\.deadline).reduce(deadline, min)
            var entries =
                [
                    pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                ] + connections.map { pollfd(fd: $0.descriptor.raw, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&entries, nfds_t(entries.count), LoopbackSocket.milliseconds(until: wakeAt, clock: clock))
            if ready < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                return .failure(.unavailable("waiting for the redirect failed: \(LoopbackSocket.describe(errno: code))"))
            }
            if ready == 0 { continue }
            if entries[0].revents != 0 { LoopbackSocket.drain(wake) }

            var finished: [Int] = []
            for index in connections.indices where entries[index + 2].revents != 0 {
                switch advance(&connections[index]) {
                case .waiting:
                    break
                case .closed:
                    finished.append(index)
                case let .callback(url, carriesError):
                    // Exactly one callback: stop accepting before answering.
                    closeListener()
                    let page =
                        carriesError
                        ? LoopbackResponse.html(status: 200, reason: "OK", body: LoopbackResponse.errorPage)
                        : configuration.successPage.map {
                            LoopbackResponse.html(status: 200, reason: "OK", body: $0, restrictContent: false)
                        } ?? LoopbackResponse.html(status: 200, reason: "OK", body: LoopbackResponse.defaultSuccessPage)
                    reply(connections[index].descriptor, page)
                    return .success(url)
                }
            }
            for index in finished.reversed() { connections.remove(at: index) }

            let listenerEvents = entries[1].revents
            if listenerEvents & Int16(POLLNVAL | POLLERR) != 0 {
                return .failure(.unavailable("the loopback listener failed"))
            }
            if listenerEvents & Int16(POLLIN) != 0 {
                var accepted = 0
                while accepted < 16, let descriptor = LoopbackSocket.acceptConnection(listener) {
                    accepted += 1
                    if connections.count >= Self.maximumConnections {
                        connections.removeFirst().descriptor.close()
                    }
                    connections.append(
                        Connection(
                            descriptor: LoopbackDescriptor(descriptor),
                            deadline: clock.now.advanced(by: Self.connectionReadTimeout)
                        ))
                }
                // Readable but nothing accepted (e.g. out of descriptors): back off instead of spinning.
                if accepted == 0 { usleep(20_000) }
            }
        }
    }

    /// Reads what a connection sent and answers it once its head is complete.
    private func advance(_ connection: inout Connection) -> Progress {
        switch LoopbackSocket.receive(connection.descriptor.raw, limit: 4096) {
        case .wouldBlock:
            return .waiting
        case .closed:
            connection.descriptor.close()
            return .closed
        case let .bytes(bytes):
            connection.buffer += bytes
        }
        guard let end = LoopbackRequest.endOfHead(in: connection.buffer) else {
            if connection.buffer.count >= LoopbackRequest.maximumHeadSize {
                reply(connection.descriptor, LoopbackResponse.plain(status: 431, reason: "Request Header Fields Too Large"))
                return .closed
            }
            return .waiting
        }
        guard end <= LoopbackRequest.maximumHeadSize, let request = LoopbackRequest(head: connection.buffer[..<end]) else {
            reply(connection.descriptor, LoopbackResponse.plain(status: 400, reason: "Bad Request"))
            return .closed
        }
        guard request.method == "GET" else {
            reply(
                connection.descriptor,
                LoopbackResponse.plain(
                    status: 405, reason: "Method Not Allowed",
                    extraHeaders: ["Allow: GET"]))
            return .closed
        }
        guard request.path == configuration.expectedPath else {
            reply(connection.descriptor, LoopbackResponse.plain(status: 404, reason: "Not Found"))
            return .closed
        }
        guard request.hasLoopbackHost,
            let url = URL(string: configuration.redirectBase + (request.query.map { "?" + $0 } ?? ""))
        else {
            reply(connection.descriptor, LoopbackResponse.plain(status: 400, reason: "Bad Request"))
            return .closed
        }
        return .callback(url, carriesError: request.carriesError)
    }

    /// Sends a response and closes the connection.
    private func reply(_ descriptor: LoopbackDescriptor, _ response: [UInt8]) {
        LoopbackSocket.sendAll(descriptor.raw, response, timeoutMilliseconds: Self.writeTimeoutMilliseconds)
        descriptor.finish()
    }
}
