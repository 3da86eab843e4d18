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
                Console.out("\(profile.displayName) (\(profile.userID))")
                if let picture = profile.pictureURL { Console.out("picture: \(picture.absoluteString)") }
                if let status = profile.statusMessage { Console.out("status:  \(status)") }
            }
        }
    }
}
