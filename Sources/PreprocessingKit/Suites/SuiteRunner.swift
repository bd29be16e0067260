import Foundation
import JavaScriptEngine

/// How one case ended.
public struct CaseResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Every expectation held.
        case passed
        /// The case ran and an expectation did not hold.
        case failed
        /// The case could not finish: its process crashed, hung past its limit, or could not start.
        case error
        /// Not run because of `--fail-fast`.
        case skipped
    }

    public var id: String
    public var suite: String
    public var script: String
    public var page: String
    public var status: Status
    public var failures: [ExpectationFailure]
    /// What the case's process produced (nil when it crashed or hung).
    public var output: CaseOutput?
    public var durationMilliseconds: Double
    /// "recorded …" / "updated …" when a snapshot file was written.
    public var snapshotNote: String?
    /// The end of the process's standard error, when it ended abnormally.
    public var standardError: String?
    /// The process that ran the case (a worker runs many). Not written to reports: it differs
    /// on every run; tests use it to see which cases shared a worker.
    public var processIdentifier: Int32?

    private enum CodingKeys: String, CodingKey {
        case id, suite, script, page, status, failures, output, durationMilliseconds, snapshotNote, standardError
    }
}

/// Every case of one `preprocess-sim test` run, in suite order (whatever order they finished in).
public struct SuiteRunReport: Codable, Equatable, Sendable {
    public var version = 1
    public var suites: [String]
    public var cases: [CaseResult]
    public var durationMilliseconds: Double

    public func count(_ status: CaseResult.Status) -> Int { cases.filter { $0.status == status }.count }
    /// True when every case that ran passed and none was skipped.
    public var allPassed: Bool { cases.allSatisfy { $0.status == .passed } }
}

/// `--shard K/N`: the K-th (1-based) of N slices; case i belongs to shard (i mod N) + 1.
public struct Shard: Equatable, Sendable {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `K/N` with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }
}

/// A program that runs suite cases: one case read from standard input (`oneCaseArguments`), or
/// case after case as a persistent worker (`workerArguments`, the `CaseWorker` protocol).
public struct WorkerCommand: Sendable {
    public var executable: String
    public var oneCaseArguments: [String]
    public var workerArguments: [String]

    public init(executable: String, oneCaseArguments: [String], workerArguments: [String]) {
        self.executable = executable
        self.oneCaseArguments = oneCaseArguments
        self.workerArguments = workerArguments
    }
}

/// Runs cases in parallel in child processes, so a crash, an abort or a hang is that case's
/// failure and the run goes on. Each runner thread keeps one worker process (`__run-cases`)
/// that runs case after case; a worker that crashes or hangs is killed and replaced before the
/// next case, and one that grew large or ran many cases is retired.
public struct SuiteRunner {
    public struct Options: Sendable {
        /// The program that runs the cases, and how it is asked to: the command line owns the
        /// commands (`preprocess-sim __run-cases`, `__run-case`), the runner only starts them.
        public var worker: WorkerCommand
        public var executable: String { worker.executable }
        /// Keep a worker process per runner thread; false starts one `__run-case` process per case.
        public var persistentWorkers = true
        /// A worker is retired after this many cases. Leaks that JavaScriptCore's full collection
        /// before each run does not catch (the README's leak check measured ~3 MB per 900
        /// runs) stay bounded, for one ~50 ms start-up per 500 cases (0.1 ms a case).
        /// `PREPROCESS_SIM_WORKER_CASES` overrides it; 1 runs every case in a fresh process.
        public var workerCaseLimit = Int(ProcessInfo.processInfo.environment["PREPROCESS_SIM_WORKER_CASES"] ?? "").flatMap { $0 >= 1 ? $0 : nil } ?? 500
        /// A worker whose resident memory after a case exceeds this is retired. JavaScriptCore
        /// and malloc keep the high-water mark of the largest page a worker has seen (a 10 MB
        /// page leaves ~250 MB, a 50 MB page ~1 GB), while a worker that has run ordinary pages
        /// sits at 90–125 MB; retiring above 256 MB gives that memory back for one start-up.
        public var workerMemoryLimit = 256 << 20
        public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        /// Keeps cases whose id contains this text (or matches it as a glob when it has `*`/`?`).
        public var filter: String?
        public var shard: Shard?
        public var failFast = false
        public var recordMode: SnapshotRecordMode = .fromEnvironment()
        /// Serialise each page before the script runs too (the HTML report's diff).
        public var captureInitialHTML = false
        /// Keep every case's page after finalize in its transcript, for a report that shows it
        /// (`--json`); otherwise a case records it only when its expectations read it.
        public var keepFinalizedHTML = false
        /// Added to the environment of every case's process.
        public var environment: [String: String] = [:]

        public init(worker: WorkerCommand) { self.worker = worker }
    }

    public var options: Options

    public init(options: Options) { self.options = options }

    /// The binary the current process runs from (`/proc/self/exe`).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The cases `--filter` and `--shard` keep, in order.
    public static func select(_ cases: [SuiteCase], filter: String?, shard: Shard?) -> [SuiteCase] {
        var kept = cases
        if let filter, !filter.isEmpty {
            if filter.contains(where: { "*?[".contains($0) }) {
                kept = kept.filter { fnmatch(filter, $0.id, 0) == 0 }
            } else {
                kept = kept.filter { $0.id.contains(filter) }
            }
        }
        if let shard {
            kept = kept.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        return kept
    }

    /// Runs `cases` (already selected) and reports each as it finishes through `progress`
    /// (called on one thread at a time, with the number finished so far).
    public func run(_ cases: [SuiteCase], suites: [String],
                    progress: @escaping @Sendable (CaseResult, Int, Int) -> Void = { _, _, _ in }) -> SuiteRunReport {
        let started = DispatchTime.now()
        let state = RunState(count: cases.count)
        let workers = max(1, min(options.jobs, cases.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                let slot = WorkerSlot()
                defer { slot.retire() }
                while let index = state.nextIndex() {
                    let suiteCase = cases[index]
                    let result = suiteCase.problem.map { Self.unrunnable(suiteCase, $0) }
                        ?? (options.persistentWorkers ? runOne(suiteCase, in: slot) : runOne(suiteCase))
                    state.finish(index, result, failFast: options.failFast) { finished in
                        progress(result, finished, cases.count)
                    }
                }
            }
        }
        group.wait()
        let results = cases.indices.map { index in
            state.results[index] ?? CaseResult(id: cases[index].id, suite: cases[index].suitePath, script: cases[index].script,
                                                page: cases[index].page, status: .skipped,
                                                failures: [.init(kind: "skipped", message: "not run: an earlier case failed and --fail-fast is on")],
                                                output: nil, durationMilliseconds: 0)
        }
        return SuiteRunReport(suites: suites, cases: results,
                              durationMilliseconds: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6)
    }

    /// Why the case's snapshot may not be read or written: it leads out of the suite's folder.
    static func snapshotRefusal(_ suiteCase: SuiteCase) -> PathOutsideFolder? {
        do {
            try PathConfinement(folder: suiteCase.suiteDirectory, allowsOutside: suiteCase.allowOutside).check(suiteCase.snapshotPath)
            return nil
        } catch {
            return error
        }
    }

    /// The error result of a case that cannot start (its script or page is missing).
    static func unrunnable(_ suiteCase: SuiteCase, _ problem: String) -> CaseResult {
        CaseResult(id: suiteCase.id, suite: suiteCase.suitePath, script: suiteCase.script, page: suiteCase.page, status: .error,
                   failures: [.init(kind: "missing-file", message: problem)], output: nil, durationMilliseconds: 0)
    }

    /// Runs one case in a child process of its own (`__run-case`) and checks it.
    public func runOne(_ suiteCase: SuiteCase) -> CaseResult {
        let started = DispatchTime.now()
        let child = ChildProcess.run(executable: options.executable, arguments: options.worker.oneCaseArguments,
                                     directory: suiteCase.suiteDirectory, environment: options.environment,
                                     input: (try? JSONEncoder().encode(CaseInvocation(suiteCase: suiteCase, captureInitialHTML: options.captureInitialHTML,
                                                                                   recordFinalizedHTML: options.keepFinalizedHTML))) ?? Data(),
                                     timeLimit: suiteCase.wallClockLimit)
        var result = check(suiteCase, child, started: started)
        result.processIdentifier = child.processIdentifier
        return result
    }

    /// Runs one case in the slot's worker (starting one when it has none) and checks it; the
    /// worker is replaced after a crash or a timeout and retired past its limits.
    func runOne(_ suiteCase: SuiteCase, in slot: WorkerSlot) -> CaseResult {
        let started = DispatchTime.now()
        let invocation = CaseInvocation(suiteCase: suiteCase, captureInitialHTML: options.captureInitialHTML, recordFinalizedHTML: options.keepFinalizedHTML)
        var answer: CaseWorker.Answer?
        var processIdentifier: Int32?
        // A worker found dead before it got the case (it died idle) is replaced once.
        for _ in 0..<2 {
            let worker: CaseWorker
            if let current = slot.worker {
                worker = current
            } else {
                switch CaseWorker.start(options.worker, environment: options.environment, directory: suiteCase.suiteDirectory) {
                case .success(let started):
                    worker = started
                    slot.worker = started
                case .failure(let error):
                    answer = CaseWorker.Answer(outcome: .init(ending: .launchFailed(error.message), standardOutput: Data(), standardError: Data()), workerAlive: false)
                    continue
                }
            }
            processIdentifier = worker.processIdentifier
            let reply = worker.run(invocation, timeLimit: suiteCase.wallClockLimit)
            answer = reply
            if !reply.workerAlive {
                slot.worker = nil
            } else if worker.casesRun >= options.workerCaseLimit || worker.residentBytes > options.workerMemoryLimit {
                slot.retireInBackground()
            }
            if !reply.notDelivered { break }
        }
        let outcome = answer?.outcome ?? .init(ending: .launchFailed("no worker"), standardOutput: Data(), standardError: Data())
        var result = check(suiteCase, outcome, started: started)
        result.processIdentifier = processIdentifier
        return result
    }

    /// Turns how a case's process ended into the case's result.
    private func check(_ suiteCase: SuiteCase, _ child: ChildProcess.Outcome, started: DispatchTime) -> CaseResult {
        var result = CaseResult(id: suiteCase.id, suite: suiteCase.suitePath, script: suiteCase.script, page: suiteCase.page,
                                status: .error, failures: [], output: nil, durationMilliseconds: 0)
        result.durationMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e6
        let errorTail = String(String(decoding: child.standardError, as: UTF8.self).suffix(2000))
        switch child.ending {
        case .timedOut:
            result.failures = [.init(kind: "timeout", message: "the case's process did not finish within \(JavaScriptContext.formatSeconds(suiteCase.wallClockLimit)) and was killed (set \"caseTimeout\" to allow more)")]
            result.standardError = errorTail
            return result
        case .signal(let number):
            result.failures = [.init(kind: "crash", message: "the case's process crashed (signal \(number)\(ChildProcess.signalName(number).map { ", \($0)" } ?? ""))")]
            result.standardError = errorTail
            return result
        case .launchFailed(let message):
            result.failures = [.init(kind: "harness", message: "cannot start \(options.executable): \(message)")]
            return result
        case .exited(let code):
            guard code == 0, let output = try? JSONDecoder().decode(CaseOutput.self, from: child.standardOutput) else {
                result.failures = [.init(kind: "harness", message: errorTail.isEmpty ? "the case's process exited with status \(code) and no transcript" : errorTail.trimmingCharacters(in: .whitespacesAndNewlines))]
                result.standardError = errorTail
                return result
            }
            result.output = output
            result.failures = ExpectationCheck.check(suiteCase.settings.expect, against: output)
            if let selection = suiteCase.settings.expect?.snapshot, let text = Snapshot.render(output.transcript, selection: selection, root: suiteCase.commonRoot) {
                // Checked when the suite loaded, and again here: the folder may have changed since.
                if let refusal = Self.snapshotRefusal(suiteCase) {
                    result.failures.append(.init(kind: "snapshot", message: refusal.description))
                } else {
                    switch Snapshot.check(actual: text, path: suiteCase.snapshotPath, caseID: suiteCase.id, mode: options.recordMode) {
                    case .matched: break
                    case .recorded: result.snapshotNote = "recorded __snapshots__/\(suiteCase.id).json"
                    case .updated: result.snapshotNote = "updated __snapshots__/\(suiteCase.id).json"
                    case .failed(let failure): result.failures.append(failure)
                    }
                }
            }
            result.status = result.failures.isEmpty ? .passed : .failed
            return result
        }
    }
}

/// The worker process one runner thread uses (none until its first case, or after a crash).
final class WorkerSlot {
    var worker: CaseWorker?

    /// Stops the worker (it exits when its input closes) and forgets it.
    func retire() {
        worker?.stop()
        worker = nil
    }

    /// Forgets the worker and lets it exit while this thread goes on with a new one.
    func retireInBackground() {
        guard let worker else { return }
        self.worker = nil
        let retiring = RetiringWorker(worker: worker)
        DispatchQueue.global().async { retiring.worker.stop() }
    }

    private struct RetiringWorker: @unchecked Sendable { let worker: CaseWorker }
}

/// Which cases are taken and done; shared by the runner threads.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var finished = 0
    private var stopped = false
    private(set) var results: [Int: CaseResult] = [:]
    let count: Int

    init(count: Int) { self.count = count }

    func nextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: CaseResult, failFast: Bool, report: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        finished += 1
        if failFast && result.status != .passed { stopped = true }
        report(finished)
    }
}

/// A child process with its input written, its output collected and a wall-clock limit.
enum ChildProcess {
    enum Ending: Equatable {
        case exited(Int32)
        case signal(Int32)
        case timedOut
        case launchFailed(String)
    }

    struct Outcome {
        var ending: Ending
        var standardOutput: Data
        var standardError: Data
        var processIdentifier: Int32?
    }

    static func run(executable: String, arguments: [String], directory: String, environment: [String: String],
                    input: Data, timeLimit: Double) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let inputPipe = Pipe(), outputPipe = Pipe(), errorPipe = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return Outcome(ending: .launchFailed("\(error)"), standardOutput: Data(), standardError: Data())
        }
        // Read both pipes while the child runs, so a large transcript cannot fill a pipe and block it.
        let readers = DispatchGroup()
        let collected = Collected()
        readers.enter()
        DispatchQueue.global().async {
            collected.output = outputPipe.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
        readers.enter()
        DispatchQueue.global().async {
            collected.error = errorPipe.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
        DispatchQueue.global().async {
            // A child that dies before reading its input makes this write fail; that is reported by its ending.
            try? inputPipe.fileHandleForWriting.write(contentsOf: input)
            try? inputPipe.fileHandleForWriting.close()
        }
        var timedOut = false
        if exited.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        readers.wait()
        let ending: Ending
        if timedOut {
            ending = .timedOut
        } else if process.terminationReason == .uncaughtSignal {
            ending = .signal(process.terminationStatus)
        } else {
            ending = .exited(process.terminationStatus)
        }
        return Outcome(ending: ending, standardOutput: collected.output, standardError: collected.error, processIdentifier: process.processIdentifier)
    }

    static func signalName(_ number: Int32) -> String? {
        switch number {
        case SIGABRT: return "SIGABRT: abort"
        case SIGSEGV: return "SIGSEGV: invalid memory access"
        case SIGKILL: return "SIGKILL: killed, often by the out-of-memory killer"
        case SIGBUS: return "SIGBUS"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP: a Swift runtime trap or a JavaScriptCore assertion"
        case SIGFPE: return "SIGFPE"
        default: return nil
        }
    }

    private final class Collected: @unchecked Sendable {
        var output = Data()
        var error = Data()
    }
}
