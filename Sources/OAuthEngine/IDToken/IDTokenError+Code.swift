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
