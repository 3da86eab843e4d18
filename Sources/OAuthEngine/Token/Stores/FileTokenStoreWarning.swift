/// Something ``FileTokenStore`` found and fixed that the user should hear about; it never carries a token.
public enum FileTokenStoreWarning: Sendable, Equatable, CustomStringConvertible {
    /// The token file at `path` was readable by group or others (`previousMode`, e.g. `0o644`) and is now 0600.
    /// Another user may already have read it: signing out and in again replaces the tokens.
    case tightenedTokenFile(path: String, previousMode: Int)

    /// A line for a terminal.
    public var description: String {
        switch self {
        case let .tightenedTokenFile(path, previousMode):
            return "warning: \(path) was readable by other users (mode \(String(previousMode, radix: 8))); it is now 0600. "
                + "Sign out and in again if another user may have read it."
        }
    }
}
