#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
public import Foundation
import UIKit

/// Opens the LINE app with `UIApplication`, as LINE's SDK does: its universal link with
/// `universalLinksOnly`, `canOpenURL` for `lineauth2://` (list `lineauth2` in `LSApplicationQueriesSchemes`),
/// then `open`. The route itself is decided by ``LineAppUserAgent``.
public struct UIApplicationLineAppOpener: LineAppOpener {
    /// The system opener.
    public init() {}

    /// `open(_:options:)` with `universalLinksOnly`.
    public func openUniversalLink(_ url: URL) async -> Bool { await Self.open(url, universalLinksOnly: true) }

    /// `canOpenURL(_:)`.
    public func canOpen(_ url: URL) async -> Bool { await Self.canOpen(url) }

    /// `open(_:options:)`.
    public func open(_ url: URL) async -> Bool { await Self.open(url, universalLinksOnly: false) }

    @MainActor private static func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        await UIApplication.shared.open(url, options: universalLinksOnly ? [.universalLinksOnly: true] : [:])
    }

    @MainActor private static func canOpen(_ url: URL) -> Bool {
        UIApplication.shared.canOpenURL(url)
    }
}

extension LoginConfiguration {
    /// The LINE-app opener the platform has: `UIApplication`'s on iOS.
    public static var platformLineAppOpener: (any LineAppOpener)? { UIApplicationLineAppOpener() }
}
#endif
