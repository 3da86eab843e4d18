import Foundation
import OAuthEngine
import Testing
@testable import LineSDK

/// How `Session` turns a LINE-SDK-style `Request` into HTTP.
@Suite struct SessionRequestTests {
    struct Probe: Request {
        typealias Response = [String: String]
        var baseURL: URL
        var method: HTTPMethod = .get
        var contentType: ContentType = .json
        /// With optional values: a present one, a nil one, a doubly wrapped one.
        var withOptionals = false
        var parameters: Parameters? {
            guard withOptionals else { return nil }
            let name: String? = "Brown"
            let missing: String? = nil
            let count: Int?? = 3
            return ["name": name as Any, "gone": missing as Any, "count": count as Any]
        }
        var path: String { "/v2/probe" }
        var authentication: AuthenticateMethod { .none }
    }

    static let emulator = LinePlatform.custom(baseURL: URL(string: "http://127.0.0.1:8400")!)

    /// However the app spells LINE's API host, the request goes to the configured platform: never a
    /// token meant for the emulator to LINE.
    @Test(arguments: ["https://api.line.me", "https://api.line.me/", "HTTPS://API.LINE.ME", "https://api.line.me:443/"])
    func linesAPIHostMeansTheConfiguredPlatform(base: String) throws {
        let request = try Session.httpRequest(for: Probe(baseURL: try #require(URL(string: base))), platform: Self.emulator)
        #expect(request.url.absoluteString.hasPrefix(Self.emulator.apiBaseURL.absoluteString))
        #expect(request.url.path.hasSuffix("/v2/probe"))
    }

    @Test(arguments: ["https://api.line.me/other/", "https://example.com", "http://api.line.me"])
    func otherHostsAreKept(base: String) throws {
        let url = try #require(URL(string: base))
        let request = try Session.httpRequest(for: Probe(baseURL: url), platform: Self.emulator)
        #expect(request.url.host == url.host)
    }

    @Test func optionalParametersAreSentAsTheirValuesAndNilOnesNotAtAll() throws {
        let get = Probe(baseURL: LinePlatform.production.apiBaseURL, withOptionals: true)
        let query = try Session.httpRequest(for: get, platform: Self.emulator).url.query ?? ""
        #expect(query == "count=3&name=Brown")
        let post = Probe(baseURL: LinePlatform.production.apiBaseURL, method: .post, withOptionals: true)
        let body = try #require(try Session.httpRequest(for: post, platform: Self.emulator).body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"count":3,"name":"Brown"}"#)
    }
}
