#if CLI
import ArgumentParser
import Foundation
import LineSDK
import OAuthEngine

/// `line-login logins`: every login stored in the store folder, LINE and `oauth` alike.
struct LoginsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logins", abstract: "List every stored login (LINE and oauth) with its issuer, client and expiry.")

    @Option(name: .customLong("store-dir"), help: "Where tokens are kept (default: $XDG_DATA_HOME/line-login).")
    var storeDirectory: String?

    @Flag(help: "Machine-readable JSON on stdout.")
    var json = false

    struct Entry {
        let kind: String
        let issuer: String?
        let clientID: String?
        let tokens: TokenSet?
        let problem: String?
        let file: String
    }

    func run() async throws {
        let directory = storeDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? FileTokenStore.defaultDirectory()
        let entries = Self.entries(in: directory)
        if json {
            Console.json(["logins": entries.map(Self.dictionary)])
            return
        }
        guard !entries.isEmpty else {
            Console.out("No stored logins in \(directory.path).")
            return
        }
        for entry in entries {
            let who = [entry.issuer.map { "on \($0)" }, entry.clientID.map { "client \($0)" }].compactMap { $0 }.joined(separator: ", ")
            let state = entry.problem ?? entry.tokens.map { "expires \(Seconds.relative($0.expiresAt.timeIntervalSinceNow))" } ?? "empty"
            Console.out("\(entry.kind == "line" ? "LINE " : "oauth")  \(who.isEmpty ? entry.file : who)  (\(state))")
        }
    }

    /// The stored logins: the token files (`channel-…` for LINE, `oidc-…` for oauth) in `directory`,
    /// each read through `FileTokenStore` (so its ownership and permission checks apply).
    static func entries(in directory: URL) -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { name -> Entry? in
            guard name.hasSuffix(".json"), name.hasPrefix("channel-") || name.hasPrefix("oidc-") else { return nil }
            let key = String(name.dropLast(".json".count))
            // Only files this CLI names itself (a key maps to exactly this file name).
            guard FileTokenStore.fileName(forKey: key) == name else { return nil }
            let kind = name.hasPrefix("channel-") ? "line" : "oauth"
            let tokens: TokenSet?
            let problem: String?
            do {
                tokens = try FileTokenStore(directory: directory, key: key, onWarning: { Console.progress($0.description) }).loadNow()
                problem = nil
            } catch {
                tokens = nil
                problem = "unreadable: \(error)"
            }
            // Who issued it: the ID token's `iss` and `aud` (read for display, not trusted for anything).
            let claims = tokens?.idToken.flatMap { try? CompactJWS(parsing: $0).claims }
            let audience = claims?["aud"]?.stringValue ?? claims?["aud"]?.arrayValue?.first?.stringValue
            let clientID = audience ?? (kind == "line" ? key.split(separator: "-").dropFirst().first.map(String.init) : nil)
            return Entry(kind: kind, issuer: claims?["iss"]?.stringValue, clientID: clientID, tokens: tokens, problem: problem, file: name)
        }
    }

    static func dictionary(_ entry: Entry) -> [String: Any] {
        var result: [String: Any] = ["kind": entry.kind, "file": entry.file]
        if let issuer = entry.issuer { result["issuer"] = issuer }
        if let clientID = entry.clientID { result["clientID"] = clientID }
        if let tokens = entry.tokens {
            result["expiresAt"] = Seconds.whole(tokens.expiresAt.timeIntervalSince1970)
            result["expiresIn"] = max(0, Seconds.whole(tokens.expiresAt.timeIntervalSinceNow))
            result["scopes"] = tokens.scopes
        }
        if let problem = entry.problem { result["problem"] = problem }
        return result
    }
}
#endif
