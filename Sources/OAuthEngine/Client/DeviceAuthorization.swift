public import Foundation

/// A device authorization (RFC 8628 §3.2): what the user must do on another device, and what the client
/// polls with. The device code is a secret: descriptions and dumps never show it.
public struct DeviceAuthorization: Sendable, CustomStringConvertible, CustomReflectable {
    /// The code the client polls the token endpoint with.
    public let deviceCode: String
    /// The short code the user types at ``verificationURI``.
    public let userCode: String
    /// Where the user goes, on any device with a browser.
    public let verificationURI: URL
    /// The same with the user code filled in, when the provider offers it.
    public let verificationURIComplete: URL?
    /// When the codes stop working.
    public let expiresAt: Date
    /// Seconds between polls (RFC 8628: 5 when the provider says nothing).
    public let interval: TimeInterval

    /// Reads the device authorization response; a missing or malformed field is ``OAuthError/invalidResponse(_:)``.
    package init(response: HTTPResponse, receivedAt: Date) throws(OAuthError) {
        let object: [String: JSONValue]
        do { object = try JSONValue.parseObject(response.body) } catch {
            throw .invalidResponse(ServerError(response: response, reason: "the device authorization response is not a JSON object"))
        }
        guard let deviceCode = object["device_code"]?.stringValue, !deviceCode.isEmpty,
            let userCode = object["user_code"]?.stringValue, !userCode.isEmpty,
            let uri = (object["verification_uri"] ?? object["verification_url"])?.stringValue, let verificationURI = URL(string: uri),
            let expiresIn = object["expires_in"]?.doubleValue, expiresIn.isFinite, expiresIn > 0
        else {
            throw .invalidResponse(ServerError(response: response, reason: "the device authorization response lacks a required field"))
        }
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        verificationURIComplete = object["verification_uri_complete"]?.stringValue.flatMap(URL.init(string:))
        // A day at most: a provider's typo must not keep a terminal polling for ever.
        expiresAt = receivedAt.addingTimeInterval(min(expiresIn, 86_400))
        let interval = object["interval"]?.doubleValue ?? 5
        self.interval = interval.isFinite ? min(max(interval, 1), 60) : 5
    }

    public var description: String {
        "DeviceAuthorization(userCode: \(userCode), verificationURI: \(verificationURI.absoluteString), deviceCode: <redacted>)"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["userCode": userCode, "verificationURI": verificationURI, "deviceCode": "<redacted>"])
    }
}
