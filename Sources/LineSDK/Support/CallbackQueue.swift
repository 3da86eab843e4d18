public import Foundation

/// Where completion handlers run, as in LINE's SDK.
public enum CallbackQueue: Sendable {
    /// Always dispatched asynchronously to the main queue.
    case asyncMain
    /// On the main thread: directly when already there, otherwise dispatched to the main queue.
    case currentMainOrAsync
    /// Directly on whatever thread finished the work (no hop); the default on Linux, where a
    /// command-line program may not run a main queue.
    case untouch
    /// On the given dispatch queue.
    case dispatch(DispatchQueue)
    /// On the given operation queue.
    case operation(OperationQueue)

    /// This package's earlier name for ``untouch``.
    @available(*, deprecated, renamed: "untouch")
    public static var inline: CallbackQueue { .untouch }

    /// LINE's default on Apple platforms (`currentMainOrAsync`), ``untouch`` elsewhere.
    public static var `default`: CallbackQueue {
        #if canImport(Darwin)
        return .currentMainOrAsync
        #else
        return .untouch
        #endif
    }

    func execute(_ block: @escaping @Sendable () -> Void) {
        switch self {
        case .asyncMain: DispatchQueue.main.async(execute: block)
        case .currentMainOrAsync: Thread.isMainThread ? block() : DispatchQueue.main.async(execute: block)
        case .dispatch(let queue): queue.async(execute: block)
        case .operation(let queue): queue.addOperation(block)
        case .untouch: block()
        }
    }
}
