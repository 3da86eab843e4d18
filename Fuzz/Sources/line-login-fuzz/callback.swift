import Foundation
@testable import LineSDK
import OAuthEngine

/// The same bytes every call, so the fixed requests' `state` is known: 32 bytes of 0x2A, whose base64url
/// (`KioqKi…`) the seed corpus carries, letting the fuzzer reach the checks after the state comparison.
private struct FixedRandom: RandomSource {
    func bytes(count: Int) -> [UInt8] { [UInt8](repeating: 0x2A, count: count) }
}

private struct Fixture: Sendable {
    let authorizationEndpoint: URL
    let webRedirect: URL
    let customScheme: URL
    let universalLink: URL
    let webRequest: AuthorizationRequest
    let appRequest: AuthorizationRequest
    let issuer = "https://access.line.me"
}

private let fixture: Fixture = {
    guard let endpoint = URL(string: "https://access.line.me/oauth2/v2.1/authorize"),
        let web = URL(string: "https://app.example:8443/callback"),
        let custom = URL(string: "line3rdp.com.example.lineapp://authorize/"),
        let universal = URL(string: "https://app.example.com/line-auth/")
    else {
        fatalError("the callback harness's fixed URLs do not parse")
    }
    func request(_ redirect: URL) -> AuthorizationRequest {
        AuthorizationRequest(
            endpoint: endpoint, clientID: "1234567890", redirectURI: redirect, scopes: ["openid", "profile"],
            generateNonce: true, random: FixedRandom())
    }
    return Fixture(
        authorizationEndpoint: endpoint, webRedirect: web, customScheme: custom, universalLink: universal,
        webRequest: request(web), appRequest: request(custom))
}()

/// The callback URL parsers: the input as a whole URL and as the query of the web redirect URI, through
/// `AuthorizationResponse.matches` and `AuthorizationResponse(url:request:issuer:)`; LineSDK's mapping of a
/// custom-scheme or universal-link callback (`CallbackURLUserAgent.callback`) followed by the response check
/// the app login runs; and `LineAppLoginURL`'s reading of an authorization URL's query.
func fuzzCallback(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let url = URL(string: text) {
        checkWebRedirect(url)
        checkAppCallback(url)
    }
    if let url = URL(string: fixture.webRedirect.absoluteString + "?" + text) {
        checkWebRedirect(url)
    }
    if let url = URL(string: fixture.authorizationEndpoint.absoluteString + "?" + text),
        let returnURI = LineAppLoginURL.returnURI(authorizationURL: url, universalLinkURL: fixture.universalLink),
        let loginURL = LineAppLoginURL.universalLink(
            base: fixture.universalLink, returnURI: returnURI, channelID: "1234567890", language: "ja")
    {
        _ = LineAppLoginURL.authScheme(loginURL: loginURL)
    }
}

private func checkWebRedirect(_ url: URL) {
    let request = fixture.webRequest
    let matches = AuthorizationResponse.matches(url, redirectURI: request.redirectURI)
    for issuer in [fixture.issuer, nil] {
        guard let response = try? AuthorizationResponse(url: url, request: request, issuer: issuer) else { continue }
        check(response, for: request, matched: matches)
    }
}

private func checkAppCallback(_ url: URL) {
    let request = fixture.appRequest
    guard let callback = CallbackURLUserAgent.callback(url, redirectURI: fixture.customScheme, alternates: [fixture.universalLink]) else {
        return
    }
    let matches = AuthorizationResponse.matches(callback, redirectURI: fixture.customScheme)
    require(matches, "a callback handed back does not match the redirect URI: \(callback.absoluteString)")
    if let response = try? AuthorizationResponse(url: callback, request: request, issuer: fixture.issuer) {
        check(response, for: request, matched: matches)
    }
}

private func check(_ response: AuthorizationResponse, for request: AuthorizationRequest, matched: Bool) {
    require(matched, "a response was accepted from a URL that does not match the redirect URI")
    require(!response.code.isEmpty, "an accepted response has an empty code")
    require(response.parameters["code"] == nil, "the code was left among the parameters")
    require(response.parameters["state"] == request.state, "an accepted response carries another state")
    require(response.parameters["error"] == nil, "an error response was accepted")
    _ = response.description
}
