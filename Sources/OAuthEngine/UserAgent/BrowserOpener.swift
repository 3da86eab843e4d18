public import Foundation

/// Opens an authorization URL for the user, typically in the system browser.
public protocol BrowserOpener: Sendable {
    /// Opens `url`; returns `false` when no browser could be started (the opener then tells the
    /// user how to open it by hand).
    func open(_ url: URL) -> Bool
}

/// Text shown when the URL has to be opened by hand.
enum BrowserInstructions {
    /// Writes "Open this URL in a browser to sign in:" and the URL to standard error.
    ///
    /// An authorization URL holds no secret (the verifier stays here; only its hash is sent).
    static func print(_ url: URL) {
        let text = "Open this URL in a browser to sign in:\n\(url.absoluteString)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}
