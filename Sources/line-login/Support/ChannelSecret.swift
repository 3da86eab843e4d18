#if CLI
import Foundation

/// Where a command finds the channel secret: the flag when the command has one, else
/// `$LINE_CHANNEL_SECRET`; an empty value is none. One rule for every command that needs it.
enum ChannelSecret {
    /// The secret from `flag`, else from the environment.
    static func resolve(flag: String? = nil) -> String? {
        if let flag, !flag.isEmpty { return flag }
        guard let environment = ProcessInfo.processInfo.environment["LINE_CHANNEL_SECRET"], !environment.isEmpty else { return nil }
        return environment
    }
}
#endif
