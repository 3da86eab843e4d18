public import Foundation

/// What handing a login to the LINE app asks of the system: the iOS adapter answers with
/// `UIApplication` (`open(_:options:)` with `universalLinksOnly`, `canOpenURL`); a test routes the URLs to
/// the emulator, which plays the LINE app.
public protocol LineAppOpener: Sendable {
    /// Opens `url` only if an installed app claims it as a universal link; whether one did.
    func openUniversalLink(_ url: URL) async -> Bool
    /// Whether an installed app handles `url`'s scheme (`lineauth2` must be listed in the app's
    /// `LSApplicationQueriesSchemes`).
    func canOpen(_ url: URL) async -> Bool
    /// Opens `url`; whether an app took it.
    func open(_ url: URL) async -> Bool
}
