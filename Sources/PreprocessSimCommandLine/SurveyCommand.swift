import Foundation
import PreprocessingKit

/// `preprocess-sim survey SCRIPT`: the script on every kind of document Safari can hand it
/// (`Survey.documents`), as suite cases in the suite runner's workers, on each iOS version from
/// the deployment target on (`--plist`, or `--ios`). Exit code 0 when the script completes on
/// every document, 1 when it fails on one, 2 for bad usage or an unreadable script.
public struct SurveyCommand: Equatable {
    public enum Format: String, Equatable { case text, json, junit }

    public var scriptPath: String
    /// The extension's `Info.plist`: its deployment target is the first iOS surveyed.
    public var plistPath: String?
    /// `--ios VERSION`: the first iOS surveyed (over the plist's).
    public var iOS: IOSVersion?
    public var format = Format.text
    public var jobs: Int?
    public var timeout: Double?

    static func parse(_ arguments: [String]) throws -> SurveyCommand {
        var command = SurveyCommand(scriptPath: "")
        var reader = ArgumentReader(arguments, command: "survey")
        try reader.parse { name, value in
            switch name {
            case "--plist", "--extension": command.plistPath = try value()
            case "--ios": command.iOS = try parseIOSVersion(try value(), command: "survey")
            case "--format":
                let text = try value()
                guard let format = Format(rawValue: text) else {
                    throw UsageError("--format is text, json or junit, not '\(text)'", command: "survey")
                }
                command.format = format
            case "--jobs", "-j":
                let text = try value()
                guard let jobs = Int(text), jobs >= 1 else { throw UsageError("--jobs takes a whole number from 1, not '\(text)'", command: "survey") }
                command.jobs = jobs
            case "--timeout": command.timeout = try parseNumber(try value(), option: name, command: "survey")
            default: return false
            }
            return true
        }
        guard reader.positionals.count == 1 else { throw UsageError("survey takes one script (the preprocessing JavaScript file)", command: "survey") }
        command.scriptPath = reader.positionals[0]
        return command
    }

    /// The first iOS surveyed and a note saying where it came from (nil: current Safari only).
    func firstVersion(output: Output) -> IOSVersion? {
        if let iOS { return iOS }
        guard let plistPath else { return nil }
        guard let target = IOSDeploymentTarget.find(plistPath: plistPath) else {
            output.error("\(plistPath): note: the extension gives no deployment target; surveyed on current Safari only [\(DiagnosticCode.iosTarget)]")
            return nil
        }
        do {
            return try IOSCompatibility.validated(target.version)
        } catch {
            output.error("\(plistPath): note: the deployment target \(target.version) (\(target.source)) cannot be simulated: \(error.description); surveyed on current Safari only [\(DiagnosticCode.iosTarget)]")
            return nil
        }
    }

    func execute(output: Output) -> Int32 {
        guard FileManager.default.isReadableFile(atPath: scriptPath), !FileManager.default.isDirectory(scriptPath) else {
            output.error("\(scriptPath): error: cannot read the preprocessing script [\(DiagnosticCode.scriptUnreadable)]")
            return PreprocessSim.ExitCode.usage
        }
        let versions = Survey.versions(from: firstVersion(output: output))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preprocess-sim-survey-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [SuiteCase]
        do {
            try Survey.writeDocuments(to: folder)
            let script = URL(fileURLWithPath: scriptPath).standardizedFileURL.path
            cases = try Survey.cases(script: script, folder: folder.path, versions: versions, timeout: timeout)
        } catch {
            output.error("preprocess-sim: error: cannot write the survey's documents in \(folder.path): \(error)")
            return PreprocessSim.ExitCode.usage
        }
        var options = SuiteRunner.Options(worker: TestCommand.workerCommand)
        if let jobs { options.jobs = jobs }
        let report = SuiteRunner(options: options).run(cases, suites: ["survey"]) { _, _, _ in }
        switch format {
        case .text: output.write(SurveyReport.render(report, script: scriptPath))
        case .json: output.write(SuiteJSONReport.render(report))
        case .junit: output.write(JUnitReport.render(report))
        }
        return report.allPassed ? PreprocessSim.ExitCode.success : PreprocessSim.ExitCode.failure
    }
}
