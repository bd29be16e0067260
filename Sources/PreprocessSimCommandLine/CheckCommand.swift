import Foundation
import PreprocessingKit

/// `preprocess-sim check`: the extension's `Info.plist` and its preprocessing file, checked for
/// everything that would make Safari skip or break the preprocessing step, printed as
/// compiler-style diagnostics with stable codes.
///
/// ```
/// $ preprocess-sim check --extension Scripts/ActionExtension-Info.plist
/// Scripts/ActionExtension-Info.plist:13:9: warning: the activation rule accepts only URLs: … [activation-url-only]
/// …
/// 0 error(s), 2 warning(s)
/// ```
///
/// Exit code 1 when any diagnostic is an error; 2 when the plist or script cannot be read.
public struct CheckCommand: Equatable {
    public enum Format: String, Equatable { case text, json }

    /// The extension's `Info.plist` (or its `NSExtension` dictionary alone).
    public var extensionPath: String?
    /// A script to check instead of the one the plist names.
    public var scriptPath: String?
    /// Another folder to look for the script in.
    public var resourcesDirectory: String?
    /// The page to run the script on besides the blank page (default: the shipped example page).
    public var examplePagePath: String?
    public var format = Format.text
    /// CPU seconds `run` may take on each page (`--timeout`).
    public var timeout: Double = 5
    /// `--ios VERSION`: check as Safari on that iOS version (default: the plist's deployment target).
    public var iOS: IOSVersion?
    /// `--ios-report`: print the lowest iOS version the script works on, and why.
    public var iOSReport = false
    /// `--device iphone|ipad`: check as Safari on that device (default the iPhone).
    public var device: SimulatedDevice?

    static func parse(_ arguments: [String]) throws -> CheckCommand {
        var command = CheckCommand()
        var reader = ArgumentReader(arguments, command: "check")
        try reader.parse { name, value in
            switch name {
            case "--extension", "--plist": command.extensionPath = try value()
            case "--script": command.scriptPath = try value()
            case "--resources": command.resourcesDirectory = try value()
            case "--page": command.examplePagePath = try value()
            case "--format":
                let text = try value()
                guard let format = Format(rawValue: text) else {
                    throw UsageError("--format is text or json, not '\(text)'", command: "check")
                }
                command.format = format
            case "--json": command.format = .json
            case "--timeout": command.timeout = try parseNumber(try value(), option: name, command: "check")
            case "--ios": command.iOS = try parseIOSVersion(try value(), command: "check")
            case "--ios-report": command.iOSReport = true
            case "--device": command.device = try parseDevice(try value(), command: "check")
            default: return false
            }
            return true
        }
        if let extra = reader.positionals.first {
            throw UsageError("unexpected argument '\(extra)'", command: "check")
        }
        guard command.extensionPath != nil || command.scriptPath != nil else {
            throw UsageError("check needs --extension Info.plist (or --script FILE alone)", command: "check")
        }
        return command
    }

    /// Runs every check and returns the diagnostics: the configuration's in file order, then the
    /// script's.
    public func diagnostics(simulator: Simulator = Simulator()) -> [Diagnostic] {
        let examplePage = examplePagePath.map { URL(fileURLWithPath: $0) }
        guard let extensionPath else {
            guard let scriptPath else { return [] }
            return ScriptCheck.run(scriptURL: URL(fileURLWithPath: scriptPath), examplePage: examplePage, timeout: timeout,
                                   simulator: simulator, iOS: iOS, device: device)
        }
        let extensionPoint = ExtensionInfoPlist(contentsOf: URL(fileURLWithPath: extensionPath))
            .configuration?.extensionPointIdentifier
        let (version, targetNote) = iOSTarget(plistPath: extensionPath)
        return ConfigurationCheck.run(plistPath: extensionPath, resourcesDirectory: resourcesDirectory,
                                      scriptOverride: scriptPath) { script in
            (targetNote.map { [$0] } ?? [])
                + ScriptCheck.run(scriptURL: script, extensionPointIdentifier: extensionPoint,
                                  examplePage: examplePage, timeout: timeout, simulator: simulator, iOS: version, device: device)
        }
    }

    /// `--ios`, else the deployment target the extension's configuration gives, with a note
    /// saying which was used (nil note: `--ios` was given, or the configuration says nothing).
    func iOSTarget(plistPath: String) -> (IOSVersion?, Diagnostic?) {
        if let iOS { return (iOS, nil) }
        guard let target = IOSDeploymentTarget.find(plistPath: plistPath) else { return (nil, nil) }
        do {
            let version = try IOSCompatibility.validated(target.version)
            return (version, Diagnostic(.iosTarget, "the script is checked as Safari on iOS \(version), the extension's deployment target (\(target.source)); --ios VERSION checks another", file: plistPath))
        } catch {
            return (nil, Diagnostic(.iosTarget, "the deployment target \(target.version) (\(target.source)) cannot be simulated: \(error.description); the script is checked on current Safari", file: plistPath))
        }
    }

    /// `--ios-report`: the script (`--script`, or the one the plist names) and its report.
    func iOSReportText(simulator: Simulator = Simulator()) -> (text: String, works: Bool)? {
        var script = scriptPath
        if script == nil, let extensionPath {
            script = ConfigurationCheck.inspect(plistPath: extensionPath, resourcesDirectory: resourcesDirectory).scriptURL?.path
        }
        guard let script else { return nil }
        let report = IOSReport.make(scriptPath: script, simulator: simulator, timeout: timeout)
        return (format == .json ? report.json : report.text, report.lowest != nil && report.failures.isEmpty)
    }

    func execute(output: Output) -> Int32 {
        for path in [extensionPath, scriptPath].compactMap({ $0 })
        where !FileManager.default.isReadableFile(atPath: path) || FileManager.default.isDirectory(path) {
            output.error("\(path): error: cannot read the file [\(path == scriptPath ? DiagnosticCode.scriptUnreadable : .plistUnreadable)]")
            return PreprocessSim.ExitCode.usage
        }
        if iOSReport {
            guard let (text, works) = iOSReportText() else {
                output.error("\(extensionPath ?? "check"): error: the plist names no preprocessing file that was found [\(DiagnosticCode.preprocessingFileNotFound)]")
                return PreprocessSim.ExitCode.failure
            }
            output.write(text)
            return works ? PreprocessSim.ExitCode.success : PreprocessSim.ExitCode.failure
        }
        let found = diagnostics()
        let errors = found.filter { $0.severity == .error }.count
        let warnings = found.filter { $0.severity == .warning }.count
        switch format {
        case .text:
            var text = found.map { $0.formatted + "\n" }.joined()
            text += "\(errors) error(s), \(warnings) warning(s)\n"
            output.write(text)
        case .json:
            output.write(CheckReport(diagnostics: found, errors: errors, warnings: warnings).json())
        }
        return errors > 0 ? PreprocessSim.ExitCode.failure : PreprocessSim.ExitCode.success
    }
}

/// `check --format json`: `{"diagnostics": [...], "errors": N, "warnings": N}`.
public struct CheckReport: Codable, Equatable, Sendable {
    public var diagnostics: [Diagnostic]
    public var errors: Int
    public var warnings: Int

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
