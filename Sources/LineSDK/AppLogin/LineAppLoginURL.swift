public import Foundation
import OAuthEngine

/// The URLs of LINE's app-to-app login, as LINE's SDK builds them: a universal link to the LINE app
/// carrying the authorization request as `returnUri`, and the `lineauth2://authorize/` form of it.
public enum LineAppLoginURL {
    /// The `lineauth2://authorize/` URL whose `canOpenURL` tells that the LINE app is installed.
    public static let authSchemeBase = URL(string: "lineauth2://authorize/")! // literal, cannot fail

    /// `returnUri`: the authorization request's query on LINE's consent path, with LINE SDK's `sdk_ver`
    /// and, when the app registered a universal link, `optional_redirect_uri`. `nil` when
    /// `authorizationURL` has no query.
    public static func returnURI(authorizationURL: URL, universalLinkURL: URL?) -> String? {
        guard let query = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)?.percentEncodedQuery,
            !query.isEmpty
        else { return nil }
        let present = Set((FormEncoding.decode(query) ?? []).map(\.0))
        var extra = [("sdk_ver", Constant.SDKVersion)]
        if let universalLinkURL { extra.append(("optional_redirect_uri", universalLinkURL.absoluteString)) }
        // What the request already carries is not sent twice (a repeated parameter is refused).
        extra.removeAll { present.contains($0.0) }
        return "/oauth2/v2.1/authorize/consent?" + query + (extra.isEmpty ? "" : "&" + FormEncoding.encode(extra))
    }

    /// The universal link the LINE app claims: `returnUri`, `loginChannelId`, and `ui_locales` when a
    /// language was asked for.
    public static func universalLink(base: URL, returnURI: String, channelID: String, language: String?) -> URL? {
        var items = [("returnUri", returnURI), ("loginChannelId", channelID)]
        if let language { items.append(("ui_locales", language)) }
        return appending(items, to: base)
    }

    /// `lineauth2://authorize/?loginUrl=<the universal link>`: the same login through the LINE app's scheme.
    public static func authScheme(loginURL: URL) -> URL? {
        appending([("loginUrl", loginURL.absoluteString)], to: authSchemeBase)
    }

    private static func appending(_ items: [(String, String)], to base: URL) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        // Form-encoded: `returnUri`'s own `&` and `=` stay inside its value.
        components.percentEncodedQuery = FormEncoding.encode(items)
        return components.url
    }
}
