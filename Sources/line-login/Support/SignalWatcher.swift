#if CLI
import Dispatch
import Foundation

/// Runs a handler when the process gets one of `signals`, instead of the default (terminate), until
/// ``stop()`` restores the default.
// @unchecked: both properties are immutable after init; Dispatch's signal sources are thread-safe
// (cancel() may be called from any thread) but `DispatchSourceSignal` isn't declared `Sendable` on Linux.
final class SignalWatcher: @unchecked Sendable {
    private let signals: [Int32]
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        self.signals = signals
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    func stop() {
        sources.forEach { $0.cancel() }
        signals.forEach { signal($0, SIG_DFL) }
    }
}
#endif
