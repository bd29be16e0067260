import Foundation

/// Where the repository and the shared corpus are, wherever the tests run from.
public enum Paths {
    /// The repository root (the folder holding Package.swift): `PREPROCESS_SIM_REPOSITORY` when
    /// set (a built test binary run against another checkout's fixtures, e.g. a git worktree),
    /// else the checkout this file was compiled from.
    public static let repository: URL = {
        if let override = ProcessInfo.processInfo.environment["PREPROCESS_SIM_REPOSITORY"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `../shared` beside the repository (the CI clone has it too).
    public static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")

    public static let fixtures = repository.appendingPathComponent("Tests/PreprocessingKitTests/Fixtures")

    /// A path relative to the repository root.
    public static func inRepository(_ relative: String) -> String {
        repository.appendingPathComponent(relative).standardizedFileURL.path
    }
}
