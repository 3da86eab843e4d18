import Foundation

/// Apple's required-reason API categories, their symbols and approved reasons, as "Describing use of required
/// reason API" lists them (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api).
/// An app (or SDK) whose code calls one of the symbols must declare the category with an approved reason in its
/// PrivacyInfo.xcprivacy, or App Store Connect refuses the upload (ITMS-91053).
struct RequiredReasonCategory: Sendable {
    let name: String
    let symbols: [String]
    let reasons: Set<String>

    static let all: [RequiredReasonCategory] = [
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryFileTimestamp",
            symbols: [
                "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey", "creationDateKey",
                "getattrlist", "getattrlistbulk", "fgetattrlist", "stat", "fstat", "fstatat", "lstat", "getattrlistat",
                "NSFileCreationDate", "NSFileModificationDate", "NSURLContentModificationDateKey", "NSURLCreationDateKey",
            ],
            reasons: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategorySystemBootTime",
            symbols: ["systemUptime", "mach_absolute_time"],
            reasons: ["35F9.1", "8FFB.1", "3D61.1"]),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryDiskSpace",
            symbols: [
                "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
                "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize", "systemSize",
                "statfs", "statvfs", "fstatfs", "fstatvfs", "getattrlist", "fgetattrlist", "getattrlistat",
                "NSURLVolumeAvailableCapacityKey", "NSFileSystemFreeSize", "NSFileSystemSize",
            ],
            reasons: ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryActiveKeyboards",
            symbols: ["activeInputModes"],
            reasons: ["3EC4.1", "54BD.1"]),
        RequiredReasonCategory(
            name: "NSPrivacyAccessedAPICategoryUserDefaults",
            symbols: ["UserDefaults", "NSUserDefaults"],
            reasons: ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]
}

/// Compares what a target's sources call with what its privacy manifest declares.
enum PrivacyManifestAudit {
    /// The categories the sources call into, with one place each (`file:line symbol`).
    static func used(in files: [URL]) throws -> [String: String] {
        var found: [String: String] = [:]
        for file in files {
            let lines = strippedLines(try String(contentsOf: file, encoding: .utf8))
            for category in RequiredReasonCategory.all where found[category.name] == nil {
                search: for (number, line) in lines.enumerated() {
                    for symbol in category.symbols where contains(line, word: symbol) {
                        found[category.name] = "\(file.lastPathComponent):\(number + 1) \(symbol)"
                        break search
                    }
                }
            }
        }
        return found
    }

    /// The problems of `manifest` for sources that call `used`: a used category undeclared, a declared one unused,
    /// one Apple doesn't list, a declaration without reasons, a reason Apple doesn't approve for its category.
    static func problems(manifest: Data, used: [String: String]) throws -> [String] {
        guard let root = try PropertyListSerialization.propertyList(from: manifest, format: nil) as? [String: Any],
            let entries = root["NSPrivacyAccessedAPITypes"] as? [[String: Any]]
        else { return ["the manifest has no NSPrivacyAccessedAPITypes array"] }
        var problems: [String] = []
        var declared: Set<String> = []
        for entry in entries {
            guard let name = entry["NSPrivacyAccessedAPIType"] as? String else {
                problems.append("an entry has no NSPrivacyAccessedAPIType")
                continue
            }
            declared.insert(name)
            guard let category = RequiredReasonCategory.all.first(where: { $0.name == name }) else {
                problems.append("\(name) is not one of Apple's required-reason categories")
                continue
            }
            let reasons = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
            if reasons.isEmpty { problems.append("\(name) is declared without a reason") }
            for reason in reasons where !category.reasons.contains(reason) {
                problems.append("\(reason) is not an approved reason for \(name)")
            }
            if used[name] == nil { problems.append("\(name) is declared but no source calls its APIs") }
        }
        for (name, place) in used.sorted(by: { $0.key < $1.key }) where !declared.contains(name) {
            problems.append("\(name) is not declared, but \(place) calls it")
        }
        return problems
    }

    /// The source without comments and string literals, by line (a symbol named in a comment is no call).
    static func strippedLines(_ source: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var inBlockComment = false
        var inString = false
        var characters = Array(source)[...]
        while let character = characters.popFirst() {
            let next = characters.first
            if character == "\n" {
                lines.append(current)
                current = ""
                continue
            }
            if inBlockComment {
                if character == "*", next == "/" {
                    inBlockComment = false
                    characters = characters.dropFirst()
                }
                continue
            }
            if inString {
                if character == "\\" {
                    characters = characters.dropFirst()
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            if character == "/", next == "/" {
                while let skipped = characters.first, skipped != "\n" { characters = characters.dropFirst() }
                continue
            }
            if character == "/", next == "*" {
                inBlockComment = true
                characters = characters.dropFirst()
                continue
            }
            if character == "\"" {
                inString = true
                continue
            }
            current.append(character)
        }
        lines.append(current)
        return lines
    }

    static func contains(_ line: String, word: String) -> Bool {
        var searchStart = line.startIndex
        while let range = line.range(of: word, range: searchStart..<line.endIndex) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            if !isIdentifier(before), !isIdentifier(after) { return true }
            searchStart = range.upperBound
        }
        return false
    }

    private static func isIdentifier(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }
}
