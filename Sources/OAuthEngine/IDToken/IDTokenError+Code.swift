extension IDTokenError {
    /// A stable snake_case code for machine output (CLI `--json`, server error bodies).
    public var code: String {
        switch self {
        case .missing: return "missing_id_token"
        case .jose(let error):
            switch error {
            case .malformed: return "malformed"
            case .tooLarge: return "too_large"
            case .unsupportedAlgorithm: return "unsupported_algorithm"
            case .algorithmNotAllowed: return "algorithm_not_allowed"
            case .criticalHeader: return "critical_header"
            case .keyMismatch: return "key_mismatch"
            case .invalidKey: return "invalid_key"
            case .unknownKeyID: return "unknown_key_id"
            case .invalidSignature: return "invalid_signature"
            }
        case .keysUnavailable: return "keys_unavailable"
        case .noSecretForHS256: return "no_secret_for_hs256"
        case .issuerMismatch: return "issuer_mismatch"
        case .audienceMismatch: return "audience_mismatch"
        case .authorizedPartyMismatch: return "azp_mismatch"
        case .expired: return "expired"
        case .missingIssuedAt: return "missing_iat"
        case .issuedInFuture: return "iat_in_future"
        case .notYetValid: return "not_yet_valid"
        case .nonceMismatch: return "nonce_mismatch"
        case .authTimeInvalid: return "auth_time_invalid"
        case .missingSubject: return "missing_sub"
        case .subjectMismatch: return "sub_mismatch"
        }
    }
}

extension IDTokenError: CustomStringConvertible {
    /// A sentence for people (the CLI, the server kit's error bodies); ``code`` is for machines. No token,
    /// nonce or secret appears; an issuer is a public URL and is named.
    public var description: String {
        switch self {
        case .missing: return "no ID token was sent"
        case .jose(.malformed): return "the ID token is malformed"
        case .jose(.tooLarge): return "the ID token is too large"
        case .jose(.unsupportedAlgorithm), .jose(.algorithmNotAllowed), .noSecretForHS256:
            return "the ID token's algorithm is not accepted"
        case .jose(.criticalHeader): return "the ID token has a critical header"
        case .jose(.keyMismatch), .jose(.invalidKey), .jose(.unknownKeyID): return "no key fits the ID token"
        case .jose(.invalidSignature): return "the ID token's signature is invalid"
        case .keysUnavailable: return "the signing keys could not be fetched; try again later"
        case .issuerMismatch(let expected, let actual):
            return "the ID token's issuer is \(actual.map { "\"\($0)\"" } ?? "missing"), not \"\(expected)\""
        case .audienceMismatch: return "the ID token was issued to another channel"
        case .authorizedPartyMismatch: return "the ID token's authorized party is wrong"
        case .expired: return "the ID token has expired"
        case .missingIssuedAt: return "the ID token has no issue time"
        case .issuedInFuture: return "the ID token was issued in the future"
        case .notYetValid: return "the ID token is not valid yet"
        case .nonceMismatch: return "the ID token's nonce does not match"
        case .authTimeInvalid: return "the sign-in is too old"
        case .missingSubject: return "the ID token has no subject"
        case .subjectMismatch: return "the ID token's subject does not match the user"
        }
    }
}
