#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// The exit codes, documented in `line-login --help`.
enum CLIExit: Int32 {
    case success = 0
    case checkFailed = 1
    case usage = 2
    case notLoggedIn = 3
    case network = 4
    case loginFailed = 5

    /// An `ExitCode` to throw from a command.
    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The exit code for an SDK error.
    static func forError(_ error: LineSDKError) -> CLIExit {
        switch error {
        case .requestFailed(.lackOfAccessToken): return .notLoggedIn
        case .responseFailed(.URLSessionError): return .network
        case .responseFailed: return error.isRefreshTokenError ? .notLoggedIn : .network
        case .authorizeFailed: return .loginFailed
        case .untypedError(_ as UserAgentError): return .loginFailed
        case .untypedError(let underlying as OAuthError):
            if case .idToken(.keysUnavailable) = underlying { return .network }
            return .checkFailed
        default: return .checkFailed
        }
    }
}

/// Fails a command with a one-line message on stderr and the error's exit code.
struct CommandFailure: Error {
    let message: String
    let exit: CLIExit
    /// What went wrong as the program sees it, printed with `--verbose` only.
    var underlying: (any Error)?

    init(_ message: String, exit: CLIExit, underlying: (any Error)? = nil) {
        self.message = message
        self.exit = exit
        self.underlying = underlying
    }

    init(_ error: LineSDKError) {
        if error.isRefreshTokenError {
            self.init(
                "Your LINE session has ended: LINE no longer accepts its refresh token. Run `line-login login` to log in again.",
                exit: .notLoggedIn, underlying: error)
        } else {
            self.init(error.description, exit: .forError(error), underlying: error)
        }
    }

    /// No stored session.
    static let notLoggedIn = CommandFailure("You are not logged in. Run `line-login login --channel-id ID` first.", exit: .notLoggedIn)
}

extension AsyncParsableCommand {
    /// Runs `body`, turning a ``CommandFailure`` or ``LineSDKError`` into a message and an exit code; with
    /// `--verbose` the underlying error follows the message.
    func reportingFailures(_ diagnostics: DiagnosticOptions? = nil, _ body: () async throws -> Void) async throws {
        do { try await body() } catch let failure as CommandFailure {
            report(failure, diagnostics)
            throw failure.exit.exitCode
        } catch let error as LineSDKError {
            let failure = CommandFailure(error)
            report(failure, diagnostics)
            throw failure.exit.exitCode
        }
    }

    private func report(_ failure: CommandFailure, _ diagnostics: DiagnosticOptions?) {
        Console.error(failure.message)
        if diagnostics?.verbose == true, let underlying = failure.underlying {
            Console.progress("details: \(ErrorStructure.describe(underlying))")
        }
    }
}

extension LineSDKError {
    /// LINE judged the token itself (a 4xx other than 429: revoked, expired, unknown), as opposed to not
    /// answering: a failed check, not a network error.
    var isVerdictOnToken: Bool { statusCode.map(HTTPResponse.isRefusal(statusCode:)) ?? false }
}
#endif
