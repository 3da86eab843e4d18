public import Foundation

/// A browser opener backed by a closure, for tests and scripted agents.
public struct ClosureBrowserOpener: BrowserOpener {
    private let body: @Sendable (URL) -> Bool

    /// Creates an opener that calls `body` with the authorization URL and returns its result.
    public init(_ body: @escaping @Sendable (URL) -> Bool) {
        self.body = body
    }

    /// Calls the closure.
    public func open(_ url: URL) -> Bool {
        body(url)
    }
}
