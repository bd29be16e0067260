import Foundation
import PreprocessingKit

/// `preprocess-sim test SUITE…`: runs regression suites in worker processes.
/// Also the hidden `__run-cases`, which is such a worker (`CaseWorkerLoop`), and `__run-case`,
/// which runs one case: it reads a `CaseInvocation` (JSON) on standard input and prints the
/// `CaseOutput` (JSON).
public struct TestCommand: Equatable {
    public var suites: [String] = []
    public var jobs: Int?
    public var filter: String?
    public var shard: Shard?
    public var failFast = false
    public var recordMode: SnapshotRecordMode?
    public var junitPath: String?
    public var jsonPath: String?
    public var htmlPath: String?
    /// This process is one case's child (`__run-case`).
    public var isCaseProcess = false
    /// This process is a persistent worker of `test` (`__run-cases`).
    public var isWorkerProcess = false

    /// How the library's suite runner starts this program's hidden case commands.
    public static func workerCommand(executable: String) -> WorkerCommand {
        WorkerCommand(executable: executable, oneCaseArguments: ["__run-case"], workerArguments: ["__run-cases"])
    }

    /// This program (or `PREPROCESS_SIM_EXECUTABLE`) as the runner's worker.
    static var workerCommand: WorkerCommand {
        workerCommand(executable: ProcessInfo.processInfo.environment["PREPROCESS_SIM_EXECUTABLE"] ?? SuiteRunner.currentExecutable)
    }

    static func parse(_ arguments: [String]) throws -> TestCommand {
        var command = TestCommand()
        var reader = ArgumentReader(arguments, command: "test")
        try reader.parse { name, value in
            switch name {
            case "--jobs", "-j":
                let text = try value()
                guard let jobs = Int(text), jobs >= 1 else { throw UsageError("--jobs takes a whole number from 1, not '\(text)'", command: "test") }
                command.jobs = jobs
            case "--filter": command.filter = try value()
            case "--shard":
                let text = try value()
                guard let shard = Shard(text) else { throw UsageError("--shard is K/N with 1 ≤ K ≤ N, not '\(text)'", command: "test") }
                command.shard = shard
            case "--fail-fast": command.failFast = true
            case "--update-snapshots": command.recordMode = .all
            case "--record":
                let text = try value()
                guard let mode = SnapshotRecordMode(rawValue: text) else {
                    throw UsageError("--record is all, missing, never or failed, not '\(text)'", command: "test")
                }
                command.recordMode = mode
            case "--junit": command.junitPath = try value()
            case "--json": command.jsonPath = try value()
            case "--html": command.htmlPath = try value()
            default: return false
            }
            return true
        }
        command.suites = reader.positionals
        guard !command.suites.isEmpty else { throw UsageError("test needs at least one suite file (NAME.suite.json)", command: "test") }
        return command
    }

    static var caseProcess: TestCommand {
        var command = TestCommand()
        command.isCaseProcess = true
        return command
    }

    static var workerProcess: TestCommand {
        var command = TestCommand()
        command.isWorkerProcess = true
        return command
    }

    func execute(output: Output) -> Int32 {
        if isCaseProcess { return Self.runCaseProcess(output: output) }
        if isWorkerProcess { return CaseWorkerLoop.serve() }
        var cases: [SuiteCase] = []
        for suite in suites {
            do {
                cases += try SuiteLoader.load(path: suite)
            } catch let error as SuiteError {
                output.error(error.description)
                return PreprocessSim.ExitCode.usage
            } catch {
                output.error("\(suite): error: \(error)")
                return PreprocessSim.ExitCode.usage
            }
        }
        let selected = SuiteRunner.select(cases, filter: filter, shard: shard)
        var options = SuiteRunner.Options(worker: Self.workerCommand)
        if let jobs { options.jobs = jobs }
        options.failFast = failFast
        options.recordMode = recordMode ?? .fromEnvironment()
        options.captureInitialHTML = htmlPath != nil
        options.keepFinalizedHTML = jsonPath != nil || htmlPath != nil
        if selected.isEmpty {
            output.write("No cases match\(filter.map { " --filter \($0)" } ?? "")\(shard.map { " --shard \($0.index)/\($0.count)" } ?? "") (of \(cases.count)).\n")
            return PreprocessSim.ExitCode.success
        }
        let terminal = output.isTerminal
        let report = SuiteRunner(options: options).run(selected, suites: suites) { result, finished, total in
            if terminal {
                // One progress line, rewritten in place; failures stay on screen above it.
                if result.status != .passed { output.write("\r\u{1B}[2K" + SuiteTextReport.caseLine(result) + "\n") }
                output.write("\r\u{1B}[2K[\(finished)/\(total)] \(result.id)")
                if finished == total { output.write("\r\u{1B}[2K") }
            } else {
                output.write(SuiteTextReport.caseLine(result) + "\n")
            }
        }
        output.write(SuiteTextReport.render(report))
        var exitCode = report.allPassed ? PreprocessSim.ExitCode.success : PreprocessSim.ExitCode.failure
        let files: [(String?, (SuiteRunReport) -> String)] = [(junitPath, JUnitReport.render), (jsonPath, SuiteJSONReport.render), (htmlPath, HTMLReport.render)]
        for case let (path?, render) in files {
            do {
                try Data(render(report).utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                output.error("\(path): error: cannot write the report: \(error.localizedDescription)")
                exitCode = PreprocessSim.ExitCode.usage
            }
        }
        return exitCode
    }

    /// The child side: one case from standard input to standard output.
    static func runCaseProcess(output: Output) -> Int32 {
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let invocation: CaseInvocation
        do {
            invocation = try JSONDecoder().decode(CaseInvocation.self, from: input)
        } catch {
            output.error("__run-case: cannot read the case: \(error)")
            return PreprocessSim.ExitCode.usage
        }
        do {
            let result = try CaseExecution.run(invocation)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            output.writeOut(try encoder.encode(result))
            return PreprocessSim.ExitCode.success
        } catch {
            output.error("\(error)")
            return PreprocessSim.ExitCode.failure
        }
    }
}
