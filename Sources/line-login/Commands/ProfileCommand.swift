#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login profile`: the user's LINE profile.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "profile", abstract: "Show your LINE profile.")

    @OptionGroup var session: SessionOptions

    func run() async throws {
        try await reportingFailures(session.diagnostics) {
            let profile = try await session.makeSessionManager().api.getProfile()
            if session.json {
                Console.json(TokenSummary.profile(profile))
            } else {
                Console.out("\(TerminalText.field(profile.displayName)) (\(TerminalText.field(profile.userID)))")
                if let picture = profile.pictureURL {
                    Console.out("picture: \(TerminalText.field(picture.absoluteString, limit: TerminalText.urlLimit))")
                }
                if let status = profile.statusMessage { Console.out("status:  \(TerminalText.field(status))") }
            }
        }
    }
}
#endif
