import Foundation
import LineLoginPrimitives

/// A bound loopback listening socket and its lifecycle: ready → serving (one thread) → finished.
///
/// Whatever happens (callback, timeout, cancel, error, or the session going away unused) the
/// listening socket ends up closed.
final class LoopbackListener: Sendable {
    private enum Phase { case ready, serving, finished }

    /// The descriptors (-1 once closed) and the lifecycle, changed together under one lock; the serving
    /// thread reads the descriptors it was handed and closes them through the lock too.
    private struct State: Sendable {
        var listen: Int32
        var wakeRead: Int32
        var wakeWrite: Int32
        var phase = Phase.ready
        var cancelRequested = false

        mutating func closeListener() {
            guard listen >= 0 else { return }
            LoopbackSocket.closeDescriptor(listen)
            listen = -1
        }

        mutating func closeAll() {
            closeListener()
            for descriptor in [wakeRead, wakeWrite] where descriptor >= 0 { LoopbackSocket.closeDescriptor(descriptor) }
            (wakeRead, wakeWrite) = (-1, -1)
            phase = .finished
        }
    }

    private let state: LockedValue<State>

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
        state = LockedValue(State(listen: descriptor, wakeRead: pipe.read, wakeWrite: pipe.write))
        self.address = address
        self.port = boundPort
    }

    deinit {
        state.withLock { $0.closeAll() }
    }

    /// The socket's local address (`getsockname`), or `nil` once closed.
    var localAddress: (host: String, port: Int)? {
        state.withLock { $0.listen >= 0 ? LoopbackSocket.localAddress(of: $0.listen) : nil }
    }

    /// `true` once the listening socket is closed.
    var isClosed: Bool {
        state.withLock { $0.listen < 0 }
    }

    /// Starts serving on a new thread; `completion` gets the outcome once.
    ///
    /// Returns `false` (after calling `completion` with the failure) when the listener was already
    /// used or cancelled; the caller must then not open the browser.
    func serve(
        _ configuration: LoopbackServer.Configuration,
        completion: @escaping @Sendable (Result<URL, UserAgentError>) -> Void
    ) -> Bool {
        let admitted = state.withLock { state -> Result<(listener: Int32, wake: Int32), UserAgentError> in
            guard state.phase == .ready, !state.cancelRequested else {
                if state.phase == .ready { state.closeAll() }
                return .failure(state.cancelRequested ? .cancelled : .unavailable("this sign-in attempt was already used"))
            }
            state.phase = .serving
            return .success((state.listen, state.wakeRead))
        }
        let descriptors: (listener: Int32, wake: Int32)
        switch admitted {
        case .success(let handed): descriptors = handed
        case .failure(let error):
            completion(.failure(error))
            return false
        }
        let server = LoopbackServer(
            listener: descriptors.listener,
            wake: descriptors.wake,
            configuration: configuration,
            isCancelled: { [state] in state.withLock { $0.cancelRequested } },
            closeListener: { [state] in state.withLock { $0.closeListener() } }
        )

        let thread = Thread { [self] in
            let result = server.run()
            state.withLock { $0.closeAll() }
            completion(result)
        }
        thread.name = "line-login loopback redirect"
        thread.start()
        return true
    }

    /// Cancels the attempt: wakes a serving thread, or closes an unused listener right away.
    func cancel() {
        state.withLock { state in
            state.cancelRequested = true
            switch state.phase {
            case .ready: state.closeAll()
            case .serving: LoopbackSocket.signal(state.wakeWrite)
            case .finished: break
            }
        }
    }
}
