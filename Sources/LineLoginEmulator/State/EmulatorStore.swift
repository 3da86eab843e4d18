#if Emulator
import Foundation
import LineLoginPrimitives

/// The emulator's in-memory state: sessions, codes, tokens, keys, friendships and the clock.
///
/// Every operation takes the lock briefly; nothing slow (signing, I/O) happens under it. The
/// operations live in extensions by what they touch (`EmulatorStore+Sessions.swift` and so on).
final class EmulatorStore: Sendable {
    /// The configuration the emulator started with (friend flags and auto-approve live in the state).
    let configuration: EmulatorConfiguration
    /// Channels by ID; the first of a repeated ID wins.
    let channels: [String: EmulatorChannel]
    /// Everything that changes; touched only by this class and its extensions.
    let state: LockedValue<StoreState>
    /// The dashboard forms' anti-CSRF token: random per emulator, so a page on another site cannot know it
    /// (it can send a form here, but it cannot read the dashboard to copy the token).
    let dashboardCSRFToken = RandomToken.hex(byteCount: 32)
    /// Tests only: how long a request waits between spending a second-factor guess and checking its code,
    /// so that parallel requests overlap there as they would on a busy machine (a race that the two cores
    /// of a test run hardly ever show by themselves). `nil`, no wait: the default, and the only value
    /// outside tests.
    let secondFactorCheckPause = LockedValue<Duration?>(nil)

    init(configuration: EmulatorConfiguration) {
        self.configuration = configuration
        var channels: [String: EmulatorChannel] = [:]
        for channel in configuration.channels where channels[channel.channelID] == nil {
            channels[channel.channelID] = channel
        }
        self.channels = channels
        self.state = LockedValue(
            StoreState(
                friends: Set(configuration.users.filter(\.isFriend).map(\.userID)),
                autoApproveUserID: configuration.autoApproveUserID
            )
        )
    }

    // MARK: Clock and settings

    /// Real time plus the test offset.
    func now() -> Date {
        let offset = state.withLock { $0.clockOffset }
        return Date().addingTimeInterval(offset)
    }

    /// Moves the emulator's clock.
    func advanceClock(by seconds: TimeInterval) {
        guard seconds.isFinite else { return }
        state.withLock { $0.clockOffset += seconds }
    }

    /// Puts the clock back to real time (the test control `reset-clock`). Tokens issued in the emulator's
    /// future keep their expiries, so they may now live longer than a lifetime from the real now.
    func resetClock() {
        state.withLock { $0.clockOffset = 0 }
    }

    /// The base URL, known once the server is bound.
    var baseURL: URL? {
        get { state.withLock { $0.baseURL } }
        set { state.withLock { $0.baseURL = newValue } }
    }

    /// The base URL without a trailing slash, once the server is bound.
    var base: String? {
        guard var base = baseURL?.absoluteString else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// Whether the emulator answers for LINE's host names; set when it starts.
    var answersForLINEHosts: Bool {
        get { state.withLock { $0.answersForLINEHosts } }
        set { state.withLock { $0.answersForLINEHosts = newValue } }
    }

    /// The issuer of ID tokens, discovery and verify: the configured one, otherwise LINE's when the emulator
    /// answers for LINE's host names, otherwise the base URL. The one place that decides it.
    var issuer: String? {
        if let issuer = configuration.issuer { return issuer }
        return answersForLINEHosts ? LINEHosts.access : base
    }

    /// The user signed in without pages, or `nil`.
    var autoApproveUserID: String? {
        get { state.withLock { $0.autoApproveUserID } }
        set { state.withLock { $0.autoApproveUserID = newValue } }
    }

    /// The configuration with the current friend flags and auto-approve setting.
    func currentConfiguration() -> EmulatorConfiguration {
        let (friends, autoApprove) = state.withLock { ($0.friends, $0.autoApproveUserID) }
        var current = configuration
        current.autoApproveUserID = autoApprove
        for index in current.users.indices {
            current.users[index].isFriend = friends.contains(current.users[index].userID)
        }
        return current
    }

    /// Runs `insert` under the lock, then caps the tables: the one way records enter the state.
    func insertThenCap<Result>(now: Date, _ insert: (inout StoreState) -> Result) -> Result {
        state.withLock { $0.insertThenCap(now: now, keyGracePeriod: configuration.keyRotationGracePeriod, insert) }
    }

    /// Whole seconds, never negative, never trapping on huge or non-finite values.
    static func seconds(_ interval: TimeInterval) -> Int {
        guard interval.isFinite, interval > 0 else { return 0 }
        return interval >= Double(Int32.max) * 1_000 ? Int(Int32.max) * 1_000 : Int(interval)
    }
}
#endif
