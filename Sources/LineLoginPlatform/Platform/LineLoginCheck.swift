package import OAuthEngine

/// LINE's check after the code exchange, shared by the SDK's login and the server kit's web login:
/// when `profile` was requested, the profile is read with the new access token, and an ID token's `sub`
/// must be the profile's user ID (the last of the ID-token checks: token and profile describe the same
/// person). A login becomes a session only after this passes.
package enum LineLoginCheck {
    /// The profile for `result` (`nil` without the `profile` scope), after the `sub` check.
    /// - Throws: ``OAuthEngine/IDTokenError/subjectMismatch`` as ``OAuthEngine/OAuthError/idToken(_:)``;
    ///   anything else comes from the profile request.
    package static func profile(
        after result: SignInResult, requestedScopes: [String],
        platform: LinePlatformClient
    ) async throws(OAuthError) -> UserProfile? {
        guard requestedScopes.contains("profile") else { return nil }
        let profile = try await platform.getProfile(accessToken: result.tokens.accessToken)
        if let claims = result.idTokenClaims, !ExactMatch.equals(claims.subject, profile.userID) { throw .idToken(.subjectMismatch) }
        return profile
    }
}
