/// One open descriptor of the loopback listener and the only thing that closes it.
///
/// A descriptor number is reused by the kernel as soon as it is closed, so a second `close` of the
/// same number can close an unrelated socket or file another thread just opened. Every path that
/// ends a connection goes through ``close()``, which closes once and forgets the number.
final class LoopbackDescriptor {
    /// The descriptor, or -1 once closed.
    private(set) var raw: Int32

    /// Takes ownership of `raw`.
    init(_ raw: Int32) {
        self.raw = raw
    }

    deinit {
        close()
    }

    /// Whether ``close()`` has not run yet.
    var isOpen: Bool { raw >= 0 }

    /// Closes the descriptor the first time; later calls do nothing.
    func close() {
        guard raw >= 0 else { return }
        LoopbackSocket.closeDescriptor(raw)
        raw = -1
    }

    /// Ends the connection politely (see ``LoopbackSocket/shutDownAndDrain(_:)``), then closes it.
    func finish() {
        guard raw >= 0 else { return }
        LoopbackSocket.shutDownAndDrain(raw)
        close()
    }
}
