#if Emulator
/// How much of a request the emulator echoes back (into a redirect's `Location` or a page): the one
/// place these bounds are decided, so no input is reflected at any size.
///
/// A request target over ``Kind/requestTarget`` is refused (414) before any route reads it; a `state`
/// over ``Kind/state`` is refused and not sent back; an `error_description` (which may quote a
/// parameter) is cut to ``Kind/description``.
enum ReflectedInput {
    /// What is being reflected.
    enum Kind {
        /// The request's path and query.
        case requestTarget
        /// The client's `state`, returned as is on every redirect.
        case state
        /// An `error_description`.
        case description

        /// The most bytes (UTF-8) reflected.
        var maximumBytes: Int {
            switch self {
            case .requestTarget: 8 * 1024
            case .state: 1024
            case .description: 256
            }
        }
    }

    /// Whether `text` is short enough to be reflected as `kind`.
    static func fits(_ text: some StringProtocol, as kind: Kind) -> Bool {
        text.utf8.count <= kind.maximumBytes
    }

    /// `text`, cut at a character boundary to fit `kind` (with `…` when cut).
    static func clipped(_ text: String, as kind: Kind) -> String {
        guard !fits(text, as: kind) else { return text }
        var clipped = Substring(text)
        let room = kind.maximumBytes - "…".utf8.count
        while clipped.utf8.count > room { clipped.removeLast() }
        return clipped + "…"
    }
}
#endif
