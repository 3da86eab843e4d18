/// Counts outcomes by (algorithm, expected result, outcome) and prints them.
struct OutcomeTally {
    private(set) var counts: [String: Int] = [:]

    var total: Int { counts.values.reduce(0, +) }

    mutating func add(algorithm: String, expected: String, outcome: String) {
        counts["\(algorithm) \(expected) → \(outcome)", default: 0] += 1
    }

    func printed(as title: String) {
        let lines = counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        print("\(title) by (algorithm, expected → outcome): " + lines.joined(separator: ", "))
    }
}
