#if Emulator
import Foundation
import LineLoginPrimitives

extension EmulatorStore {
    func channel(id: String) -> EmulatorChannel? {
        channels[id]
    }

    func user(id: String) -> EmulatorUser? {
        guard var user = configuration.users.first(where: { $0.userID == id }) else { return nil }
        user.isFriend = isFriend(userID: id)
        return user
    }

    /// The user whose email (case-insensitive) or user ID is `login` and whose password is `password`.
    func user(login: String, password: String) -> EmulatorUser? {
        let login = login.trimmingCharacters(in: .whitespaces)
        guard !login.isEmpty else { return nil }
        let match = configuration.users.first { user in
            user.userID == login || user.email.map { $0.caseInsensitiveCompare(login) == .orderedSame } == true
        }
        guard let match, ConstantTime.equals(match.password, password) else { return nil }
        return user(id: match.userID)
    }

    func isFriend(userID: String) -> Bool {
        state.withLock { $0.friends.contains(userID) }
    }

    /// Makes the user a friend; returns `true` when they were not one before.
    func addFriend(userID: String) -> Bool {
        state.withLock { $0.friends.insert(userID).inserted }
    }

    /// Waits for ``secondFactorCheckPause`` when a test set one.
    func pauseBeforeSecondFactorCheck() async {
        guard let pause = secondFactorCheckPause.withLock({ $0 }) else { return }
        try? await Task.sleep(for: pause)
    }

    /// Whether `code` is `userID`'s second factor.
    func secondFactorMatches(userID: String, code: String) -> Bool {
        guard let expected = configuration.users.first(where: { $0.userID == userID })?.secondFactorCode else { return false }
        return ConstantTime.equals(expected, code.trimmingCharacters(in: .whitespaces))
    }
}
#endif
