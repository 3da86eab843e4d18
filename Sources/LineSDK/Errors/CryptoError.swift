public import Foundation

/// Why an ID token was refused, in LINE SDK's shape (the payload of
/// ``LineSDKError/AuthorizeErrorReason/cryptoError(error:)``). No case carries a token: where LINE's
/// reason has room for one (``JWTErrorReason/malformedJWTFormat(string:)``), it holds `"<redacted>"`.
public enum CryptoError: Error {
    /// A signature or key operation failed.
    public enum AlgorithmsErrorReason: Sendable {
        /// A DER key could not be read.
        case invalidDERKey(data: Data, reason: String)
        /// An X.509 header could not be read.
        case invalidX509Header(data: Data, index: Int, reason: String)
        /// A key could not be created.
        case createKeyFailed(data: Data, reason: String)
        /// A PEM key could not be read.
        case invalidPEMKey(string: String, reason: String)
        /// Encryption failed.
        case encryptingError((any Error)?)
        /// Decryption failed.
        case decryptingError((any Error)?)
        /// Signing failed.
        case signingError((any Error)?)
        /// Verification could not run.
        case verifyingError((any Error)?, statusCode: Int?)
        /// The signature does not verify (the data is empty: the signed bytes are not kept).
        case invalidSignature(data: Data)
    }

    /// The token or one of its claims was refused.
    public enum JWTErrorReason: Sendable {
        /// The token is not a compact JWS (`string` is `"<redacted>"`).
        case malformedJWTFormat(string: String)
        /// The header's `alg` is not accepted for this channel.
        case unsupportedHeaderAlgorithm(name: String)
        /// A claim failed its check: `key` is the claim (`iss`, `aud`, `azp`, `exp`, `iat`, `nbf`,
        /// `nonce`, `auth_time`, `sub`, or the header's `crit`), `got` what the token held (`"<redacted>"`
        /// for the nonce), `description` what was expected.
        case claimVerifyingFailed(key: String, got: String, description: String)
    }

    /// A published key was refused.
    public enum JWKErrorReason: Sendable {
        /// The key does not fit the token's algorithm, or can't be used.
        case unsupportedKeyType(String)
    }

    /// Anything else.
    public enum GeneralErrorReason: Sendable {
        /// Base64 text could not be decoded.
        case base64ConversionFailed(string: String)
        /// Data could not be converted with an encoding.
        case dataConversionFailed(data: Data, encoding: String.Encoding)
        /// Text could not be converted with an encoding.
        case stringConversionFailed(string: String, encoding: String.Encoding)
        /// The operation is not supported.
        case operationNotSupported(reason: String)
        /// Text could not be decoded as a type.
        case decodingFailed(string: String, type: Any.Type)
    }

    /// A signature or key operation failed.
    case algorithmsFailed(reason: AlgorithmsErrorReason)
    /// The token or a claim was refused.
    case JWTFailed(reason: JWTErrorReason)
    /// A key was refused.
    case JWKFailed(reason: JWKErrorReason)
    /// Anything else.
    case generalError(reason: GeneralErrorReason)
}

extension CryptoError: CustomNSError, LocalizedError {
    /// `"LineSDKError.CryptoError"`, as LINE's SDK.
    public static var errorDomain: String { "LineSDKError.CryptoError" }

    /// LINE's codes: 3016_1xxx algorithms, 3016_2xxx JWT, 3016_3xxx JWK, 3016_4xxx general.
    public var errorCode: Int {
        switch self {
        case .algorithmsFailed(let reason):
            switch reason {
            case .invalidDERKey: return 3016_1001
            case .invalidX509Header: return 3016_1002
            case .createKeyFailed: return 3016_1003
            case .invalidPEMKey: return 3016_1004
            case .encryptingError: return 3016_1005
            case .decryptingError: return 3016_1006
            case .signingError: return 3016_1007
            case .verifyingError: return 3016_1008
            case .invalidSignature: return 3016_1009
            }
        case .JWTFailed(let reason):
            switch reason {
            case .malformedJWTFormat: return 3016_2001
            case .unsupportedHeaderAlgorithm: return 3016_2002
            case .claimVerifyingFailed: return 3016_2003
            }
        case .JWKFailed(.unsupportedKeyType): return 3016_3001
        case .generalError(let reason):
            switch reason {
            case .base64ConversionFailed: return 3016_4001
            case .dataConversionFailed: return 3016_4002
            case .stringConversionFailed: return 3016_4003
            case .operationNotSupported: return 3016_4004
            case .decodingFailed: return 3016_4005
            }
        }
    }

    /// The claim, key and reason, under LINE's ``LineSDKErrorUserInfoKey`` names.
    public var errorUserInfo: [String: Any] {
        switch self {
        case .JWTFailed(.claimVerifyingFailed(let key, let got, let description)):
            return [
                LineSDKErrorUserInfoKey.key.rawValue: key, LineSDKErrorUserInfoKey.got.rawValue: got,
                LineSDKErrorUserInfoKey.reason.rawValue: description,
            ]
        case .JWTFailed(.unsupportedHeaderAlgorithm(let name)):
            return [LineSDKErrorUserInfoKey.reason.rawValue: name]
        case .JWKFailed(.unsupportedKeyType(let why)):
            return [LineSDKErrorUserInfoKey.reason.rawValue: why]
        default:
            return [:]
        }
    }

    /// A sentence that says what was refused.
    public var errorDescription: String? {
        switch self {
        case .algorithmsFailed(.invalidSignature): return "The ID token's signature does not verify."
        case .algorithmsFailed: return "A signature or key operation failed."
        case .JWTFailed(.malformedJWTFormat): return "The ID token is not a well-formed JWT."
        case .JWTFailed(.unsupportedHeaderAlgorithm(let name)): return "The ID token's algorithm \(name) is not accepted."
        case .JWTFailed(.claimVerifyingFailed(let key, _, let description)): return "The ID token's \(key) was refused: \(description)."
        case .JWKFailed(.unsupportedKeyType(let why)): return "No published key fits the ID token: \(why)."
        case .generalError(.operationNotSupported(let reason)): return "The ID token was refused: \(reason)."
        case .generalError: return "The ID token could not be read."
        }
    }
}
