public import Foundation

/// Opens URLs with the platform's launcher: `open` on macOS, `xdg-open` on Linux (only with a
/// graphical session, i.e. `DISPLAY` or `WAYLAND_DISPLAY` set). When no launcher can run — or it
/// fails — the URL is printed to standard error instead.
public struct SystemBrowserOpener: BrowserOpener {
    private let environment: [String: String]

    /// Creates an opener that looks up the launcher with `environment` (`PATH`, `DISPLAY`, …).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Starts the launcher with `url`; returns `false` (after printing the URL) when none can start.
    public func open(_ url: URL) -> Bool {
        // Only web URLs: a launcher would happily open files or other handlers too.
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let launcher = launcherURL()
        else {
            BrowserInstructions.print(url)
            return false
        }
        #if os(macOS) || os(Linux)
        let process = Process()
        process.executableURL = launcher
        process.arguments = [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // The launcher may keep running as long as the browser does, so don't wait for it; tell the
        // user if it gives up.
        // The handler captures nothing (the URL is the launcher's argument): the toolchain's Foundation never
        // frees a Process, and whatever its handler holds would go with it (docs/SECURITY.md, "Sanitizers").
        process.terminationHandler = { finished in
            if finished.terminationReason != .exit || finished.terminationStatus != 0,
                let argument = finished.arguments?.first, let shown = URL(string: argument)
            {
                BrowserInstructions.print(shown)
            }
        }
        do {
            try process.run()
        } catch {
            BrowserInstructions.print(url)
            return false
        }
        return true
        #else
        BrowserInstructions.print(url)
        return false
        #endif
    }

    /// The launcher to run, or `nil` when this system has none usable.
    func launcherURL() -> URL? {
        #if os(macOS)
        return executable(named: "open")
        #elseif os(Linux)
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        return hasDisplay ? executable(named: "xdg-open") : nil
        #else
        return nil
        #endif
    }

    /// The first executable file called `name` in `PATH`.
    private func executable(named name: String) -> URL? {
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
