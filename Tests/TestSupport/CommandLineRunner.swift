import Foundation

/// Runs the built `preprocess-sim` as a user would, and captures what it prints.
public struct CommandResult {
    public let exitCode: Int32
    public let stdout: String
    public let stderr: String

    /// stdout parsed as one JSON object.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
    }

    /// The `code`s of the JSON transcript's diagnostics.
    public var diagnosticCodes: [String] {
        ((json?["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }
}

public enum CommandLineRunner {
    /// The binary the Makefile builds before the tests run.
    public static var binary: URL {
        for configuration in ["release", "debug"] {
            let url = Paths.repository.appendingPathComponent(".build/\(configuration)/preprocess-sim")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return Paths.repository.appendingPathComponent(".build/release/preprocess-sim")
    }

    /// Runs the binary; a process still running after `timeLimit` seconds is killed (SIGKILL:
    /// test children inherit a blocked SIGTERM), so a hang fails its test instead of hanging the
    /// whole run, and its stderr says so.
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
                           currentDirectory: URL = Paths.repository, timeLimit: Double = 120) throws -> CommandResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = currentDirectory
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes while the process runs, so a large output cannot block it.
        let collected = CollectedOutput()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { collected.out = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { collected.err = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        var killed = false
        if exited.wait(timeout: .now() + timeLimit) == .timedOut {
            killed = true
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        group.wait()
        var stderr = String(decoding: collected.err, as: UTF8.self)
        if killed { stderr += "\n[CommandLineRunner: killed after \(Int(timeLimit)) s: \(arguments.joined(separator: " "))]\n" }
        return CommandResult(exitCode: process.terminationStatus,
                             stdout: String(decoding: collected.out, as: UTF8.self),
                             stderr: stderr)
    }

    private final class CollectedOutput: @unchecked Sendable {
        var out = Data()
        var err = Data()
    }

    /// Writes `contents` to a new temporary file and returns its path.
    public static func temporaryFile(_ contents: String, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preprocess-sim-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A new temporary folder holding `files` (relative path → text) and symbolic `links`
    /// (relative path → target, written into the link as given), made on the real file system.
    public static func temporaryTree(_ files: [String: String], links: [String: String] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preprocess-sim-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for (name, target) in links {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
        return folder
    }
}
