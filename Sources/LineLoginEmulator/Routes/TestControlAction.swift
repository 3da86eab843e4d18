#if Emulator
import Foundation

/// One test control, parsed from a form: shared by `POST /_emulator/control` (JSON, for test suites) and
/// the dashboard's buttons, so both accept the same actions with the same bounds.
enum TestControlAction: Sendable, Equatable {
    /// `advance-clock` with `seconds`.
    case advanceClock(seconds: TimeInterval)
    /// `reset-clock`: the clock offset back to 0, so a suite can undo `advance-clock` between tests.
    case resetClock
    /// `expire-access-tokens`.
    case expireAccessTokens
    /// `rotate-signing-key`.
    case rotateSigningKey
    /// `fail-next-auto-login`.
    case failNextAutoLogin

    /// An action without its parameters: the `action` value, and what the dashboard says after it.
    enum Kind: String, Sendable, CaseIterable {
        /// ``TestControlAction/advanceClock(seconds:)``.
        case advanceClock = "advance-clock"
        /// ``TestControlAction/resetClock``.
        case resetClock = "reset-clock"
        /// ``TestControlAction/expireAccessTokens``.
        case expireAccessTokens = "expire-access-tokens"
        /// ``TestControlAction/rotateSigningKey``.
        case rotateSigningKey = "rotate-signing-key"
        /// ``TestControlAction/failNextAutoLogin``.
        case failNextAutoLogin = "fail-next-auto-login"

        /// What was done, for the dashboard's status line after the redirect.
        var pastTense: String {
            switch self {
            case .advanceClock: "the clock moved forward"
            case .resetClock: "the clock is back to real time"
            case .expireAccessTokens: "every access token issued so far has expired"
            case .rotateSigningKey: "a new signing key signs ID tokens"
            case .failNextAutoLogin: "the next auto login will fail"
            }
        }
    }

    /// Largest `advance-clock` step: 100 years keeps every time the emulator derives from its clock representable.
    static let maxAdvance: TimeInterval = 100 * 365 * 86_400

    /// The action a form asks for, or a sentence saying what is wrong (the caller picks the error shape).
    static func parse(_ params: FormParameters) -> Result<TestControlAction, TestControlAction.Problem> {
        switch params.nonEmpty("action").flatMap(Kind.init(rawValue:)) {
        case .advanceClock:
            guard let seconds = params.nonEmpty("seconds").flatMap(TimeInterval.init), seconds.isFinite, seconds >= 0,
                seconds <= maxAdvance
            else {
                return .failure(Problem(description: "seconds must be a number from 0 to 100 years"))
            }
            return .success(.advanceClock(seconds: seconds))
        case .resetClock: return .success(.resetClock)
        case .expireAccessTokens: return .success(.expireAccessTokens)
        case .rotateSigningKey: return .success(.rotateSigningKey)
        case .failNextAutoLogin: return .success(.failNextAutoLogin)
        case nil:
            let names = Kind.allCases.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            return .failure(Problem(description: "action must be \(list)"))
        }
    }

    /// Why a form names no usable action.
    struct Problem: Error, Sendable, Equatable {
        /// An `error_description`-style sentence.
        let description: String
    }

    /// The action without its parameters.
    var kind: Kind {
        switch self {
        case .advanceClock: .advanceClock
        case .resetClock: .resetClock
        case .expireAccessTokens: .expireAccessTokens
        case .rotateSigningKey: .rotateSigningKey
        case .failNextAutoLogin: .failNextAutoLogin
        }
    }

    /// Carries the action out on `store`.
    func apply(to store: EmulatorStore) {
        switch self {
        case .advanceClock(let seconds): store.advanceClock(by: seconds)
        case .resetClock: store.resetClock()
        case .expireAccessTokens: store.expireAccessTokens()
        case .rotateSigningKey: _ = store.rotateSigningKey()
        case .failNextAutoLogin: store.failNextAutoLogin()
        }
    }
}
#endif
