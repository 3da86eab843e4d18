import Foundation

/// A bound loopback listening socket and its lifecycle: ready → serving (one thread) → finished.
///
/// Whatever happens (callback, timeout, cancel, error, or the session going away unused) the
/// listening socket ends up closed.
final class LoopbackListener: @unchecked Sendable {
    // @unchecked: every mutable property below is only touched while holding `lock`; the serving
    // thread reads the descriptors it was handed and closes them through `lock` too.
    private enum Phase { case ready, serving, finished }

    private let lock = NSLock()
    private let listenDescriptor: LoopbackDescriptor
    private let wakeRead: LoopbackDescriptor
    private let wakeWrite: LoopbackDescriptor
    private var phase = Phase.ready
    private var cancelRequested = false

    /// The address the socket is bound to.
    let address: LoopbackAddress
    /// The bound port (the kernel's choice when 0 was asked for).
    let port: Int

    /// Binds and listens on `address:port` only.
    init(address: LoopbackAddress, port: Int) throws(UserAgentError) {
        let (descriptor, boundPort) = try LoopbackSocket.makeListener(on: address, port: port)
        guard let pipe = LoopbackSocket.makeWakePipe() else {
            LoopbackSocket.closeDescriptor(descriptor)
            throw .unavailable("could not set up the loopback listener")
        }
        self.listenDescriptor = LoopbackDescriptor(descriptor)
        self.wakeRead = LoopbackDescriptor(pipe.read)
        self.wakeWrite = LoopbackDescriptor(pipe.write)
        self.address = address
        self.port = boundPort
    }

    deinit {
        closeAll()
    }

    /// The socket's local address (`getsockname`), or `nil` once closed.
    var localAddress: (host: String, port: Int)? {
        lock.withLock {
            listenDescriptor.isOpen ? LoopbackSocket.localAddress(of: listenDescriptor.raw) : nil
        }
    }

    /// `true` once the listening socket is closed.
    var isClosed: Bool {
        lock.withLock { !listenDescriptor.isOpen }
    }

    /// Starts serving on a new thread; `completion` gets the outcome once.
    ///
    /// Returns `false` (after calling `completion` with the failure) when the listener was already
    /// used or cancelled; the caller must then not open the browser.
    func serve(
        _ configuration: LoopbackServer.Configuration,
        completion: @escaping @Sendable (Result<URL, UserAgentError>) -> Void
    ) -> Bool {
        lock.lock()
        guard phase == .ready, !cancelRequested else {
            let error: UserAgentError = cancelRequested ? .cancelled : .unavailable("this sign-in attempt was already used")
            if phase == .ready { closeAllLocked() }
            lock.unlock()
            completion(.failure(error))
            return false
        }
        phase = .serving
        let server = LoopbackServer(
            listener: listenDescriptor.raw,
            wake: wakeRead.raw,
            configuration: configuration,
            isCancelled: { [self] in lock.withLock { cancelRequested } },
            closeListener: { [self] in closeListeningSocket() }
        )
        lock.unlock()

        let thread = Thread { [self] in
            let result = server.run()
            lock.withLock { closeAllLocked() }
            completion(result)
        }
        thread.name = "line-login loopback redirect"
        thread.start()
        return true
    }

    /// Cancels the attempt: wakes a serving thread, or closes an unused listener right away.
    func cancel() {
        lock.withLock {
            cancelRequested = true
            switch phase {
            case .ready: closeAllLocked()
            case .serving: LoopbackSocket.signal(wakeWrite.raw)
            case .finished: break
            }
        }
    }

    private func closeListeningSocket() {
        lock.withLock { listenDescriptor.close() }
    }

    private func closeAll() {
        lock.withLock { closeAllLocked() }
    }

    private func closeAllLocked() {
        for descriptor in [listenDescriptor, wakeRead, wakeWrite] {
            descriptor.close()
        }
        phase = .finished
    }
}
