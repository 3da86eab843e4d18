public import Foundation

/// Never starts a browser: prints the URL to standard error for the user to open (`--no-browser`,
/// SSH sessions).
public struct PrintingBrowserOpener: BrowserOpener {
    /// Creates a printing opener.
    public init() {}

    /// Prints "Open this URL in a browser to sign in:" and the URL to standard error; returns `false`.
    public func open(_ url: URL) -> Bool {
        BrowserInstructions.print(url)
        return false
    }
}
