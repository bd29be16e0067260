import Foundation
import JavaScriptEngine

// Persistent case workers (`preprocess-sim __run-cases`).
//
// Starting a process per case costs more than the case itself (loading JavaScriptCore and
// compiling the DOM bundle: ~45 ms against ~20 ms for the median case), so each runner thread
// of `test` keeps one child that runs case after case with one `Simulator`.
//
// The protocol, one case at a time:
// - parent → worker, standard input: one `CaseInvocation` as JSON on one line (JSONEncoder
//   escapes every line break inside strings, so a raw "\n" only ends an invocation);
// - worker → parent, standard output: a header line `<status> <payload bytes> <resident bytes>`
//   then the payload: the `CaseOutput` JSON when status is 0, nothing otherwise. Status is what
//   the one-shot `__run-case` would have exited with (1 setup error, 2 unreadable invocation);
// - the worker's standard error is a file the parent empties before each case and reads after
//   it, so each case gets its own stderr tail, also when the worker dies in the middle.
// A worker that crashes or overruns its case's wall-clock limit is killed and replaced.

/// The framing both sides share.
enum CaseWorkerFrame {
    static func header(status: Int32, payloadLength: Int, residentBytes: Int) -> Data {
        Data("\(status) \(payloadLength) \(residentBytes)\n".utf8)
    }

    /// Parses a header line (without its "\n").
    static func parseHeader(_ line: Data) -> (status: Int32, payloadLength: Int, residentBytes: Int)? {
        let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard fields.count == 3, let status = Int32(fields[0]), let length = Int(fields[1]), length >= 0,
              let resident = Int(fields[2]) else { return nil }
        return (status, length, resident)
    }

    /// Writes all of `data` to `descriptor`, again after a signal interrupts; false when the
    /// other end is gone (a dead worker, or a parent that stopped reading).
    static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// This process's resident set size (`/proc/self/statm`, second field, in pages).
    static func currentResidentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The parent's handle on one `__run-cases` child.
final class CaseWorker {
    let process: Process
    private let input: FileHandle
    /// The read end of the child's standard output. Closed through its FileHandle only (the
    /// Pipe held by `process` would otherwise close the same number again on release).
    private let output: FileHandle
    private var outputDescriptor: Int32 { output.fileDescriptor }
    /// An unlinked temporary file opened for appending: the child's standard error.
    private let errorDescriptor: Int32
    private var pending = Data()
    /// Cases this worker has answered.
    private(set) var casesRun = 0
    /// The worker's resident memory after its last case.
    private(set) var residentBytes = 0
    private var stopped = false

    var processIdentifier: Int32 { process.processIdentifier }

    private init(process: Process, input: FileHandle, output: FileHandle, errorDescriptor: Int32) {
        self.process = process
        self.input = input
        self.output = output
        self.errorDescriptor = errorDescriptor
    }

    deinit {
        stop()
        close(errorDescriptor)
    }

    /// Starts `command`'s worker in `directory` with `environment` added to this process's.
    static func start(_ command: WorkerCommand, environment: [String: String], directory: String) -> Result<CaseWorker, ChildProcessLaunchError> {
        // A worker that dies between cases must make our write fail with EPIPE, not kill us.
        signal(SIGPIPE, SIG_IGN)
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("preprocess-sim-worker-\(UUID().uuidString).stderr").path
        let errorDescriptor = open(errorPath, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard errorDescriptor >= 0 else {
            return .failure(ChildProcessLaunchError(message: "cannot create \(errorPath): \(String(cString: strerror(errno)))"))
        }
        unlink(errorPath)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.workerArguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let inputPipe = Pipe(), outputPipe = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = outputPipe
        process.standardError = FileHandle(fileDescriptor: errorDescriptor, closeOnDealloc: false)
        do {
            try process.run()
        } catch {
            close(errorDescriptor)
            return .failure(ChildProcessLaunchError(message: "\(error)"))
        }
        // (Process closes our copies of the child's pipe ends after launching it.)
        return .success(CaseWorker(process: process, input: inputPipe.fileHandleForWriting,
                                   output: outputPipe.fileHandleForReading, errorDescriptor: errorDescriptor))
    }

    /// How one case sent to a worker ended, and whether the worker can take another.
    struct Answer {
        var outcome: ChildProcess.Outcome
        var workerAlive: Bool
        /// The invocation never reached the worker (it had died while idle): nothing ran.
        var notDelivered = false
    }

    /// Sends one invocation and waits for its frame, at most `timeLimit` seconds.
    func run(_ invocation: CaseInvocation, timeLimit: Double) -> Answer {
        ftruncate(errorDescriptor, 0)
        var line = (try? JSONEncoder().encode(invocation)) ?? Data()
        line.append(UInt8(ascii: "\n"))
        guard CaseWorkerFrame.writeAll(line, to: input.fileDescriptor) else {
            return Answer(outcome: ChildProcess.Outcome(ending: .launchFailed("the worker had exited"), standardOutput: Data(), standardError: Data()),
                          workerAlive: false, notDelivered: true)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeLimit) * 1e9)
        var header: (status: Int32, payloadLength: Int, residentBytes: Int)?
        while true {
            if header == nil, let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                header = CaseWorkerFrame.parseHeader(pending[pending.startIndex..<newline])
                pending = Data(pending[(newline + 1)...])
                if header == nil {
                    // Something other than a frame on the protocol stream: this worker cannot be trusted.
                    return finishDead(ending: endAfterKill(), output: Data())
                }
            }
            if let frame = header, pending.count >= frame.payloadLength {
                let payload = Data(pending.prefix(frame.payloadLength))
                pending = Data(pending.dropFirst(frame.payloadLength))
                casesRun += 1
                residentBytes = frame.residentBytes
                return Answer(outcome: ChildProcess.Outcome(ending: .exited(frame.status), standardOutput: payload, standardError: errorOutput()),
                              workerAlive: true)
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                stopped = true
                return Answer(outcome: ChildProcess.Outcome(ending: .timedOut, standardOutput: Data(), standardError: errorOutput()), workerAlive: false)
            }
            // Wake at least every 50 ms to notice a dead child even if its pipe never reports
            // end of file (another child may have inherited the write end).
            let wait = Int32(min(50, (deadline - now) / 1_000_000 + 1))
            switch readAvailable(timeoutMilliseconds: wait) {
            case .data:
                continue
            case .endOfFile:
                process.waitUntilExit()
                return finishDead(ending: ending(), output: header == nil ? Data() : pending)
            case .nothing:
                if !process.isRunning {
                    process.waitUntilExit()
                    while case .data = readAvailable(timeoutMilliseconds: 0) {}
                    if header == nil, pending.contains(UInt8(ascii: "\n")) { continue }
                    if let frame = header, pending.count >= frame.payloadLength { continue }
                    return finishDead(ending: ending(), output: header == nil ? Data() : pending)
                }
            }
        }
    }

    /// Closes the worker's input so it exits; kills it if it has not within a second.
    func stop() {
        guard !stopped else { return }
        stopped = true
        try? input.close()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? output.close()
    }

    private func finishDead(ending: ChildProcess.Ending, output: Data) -> Answer {
        stopped = true
        try? self.output.close()
        return Answer(outcome: ChildProcess.Outcome(ending: ending, standardOutput: output, standardError: errorOutput()), workerAlive: false)
    }

    private func endAfterKill() -> ChildProcess.Ending {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return .exited(ProcessExitCode.usage)
    }

    private func ending() -> ChildProcess.Ending {
        process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .exited(process.terminationStatus)
    }

    private enum ReadResult { case data, endOfFile, nothing }

    private func readAvailable(timeoutMilliseconds: Int32) -> ReadResult {
        var descriptor = pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        guard ready > 0 else { return .nothing }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(outputDescriptor, &chunk, chunk.count)
        if count > 0 {
            pending.append(contentsOf: chunk[0..<count])
            return .data
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .nothing }
        return .endOfFile
    }


    /// The last 64 KB the worker wrote to standard error since this case began.
    private func errorOutput() -> Data {
        var status = stat()
        guard fstat(errorDescriptor, &status) == 0, status.st_size > 0 else { return Data() }
        let size = Int(status.st_size)
        let start = max(0, size - 65_536)
        var bytes = [UInt8](repeating: 0, count: size - start)
        let count = pread(errorDescriptor, &bytes, bytes.count, off_t(start))
        return count > 0 ? Data(bytes[0..<count]) : Data()
    }
}

struct ChildProcessLaunchError: Error {
    var message: String
}

/// The worker's side of `__run-cases`: runs invocations one after another with one simulator,
/// and puts back what a case may have changed in the process before the next one.
public final class CaseWorkerLoop {
    /// UserDefaults suites reset after every case, besides the standard domain: the app group
    /// of the example handler and of `init-handler`'s template. (Foundation on Linux cannot list
    /// the suites a handler opened, so others live as long as the worker.)
    static let resetDefaultsSuites = ["group.name"]

    let simulator = Simulator()
    private let initialDirectory = FileManager.default.currentDirectoryPath
    private let initialEnvironment = ProcessInfo.processInfo.environment
    private let standardDefaultsName = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    private let initialStandardDefaults: [String: Any]?

    init() {
        initialStandardDefaults = UserDefaults.standard.persistentDomain(forName: standardDefaultsName)
    }

    /// Runs one invocation line and returns the frame's status and payload; anything the case
    /// has to say goes to standard error, as `__run-case` writes it.
    func perform(_ line: Data) -> (status: Int32, payload: Data) {
        defer { resetProcessState() }
        let invocation: CaseInvocation
        do {
            invocation = try JSONDecoder().decode(CaseInvocation.self, from: line)
        } catch {
            Self.writeError("__run-cases: cannot read the case: \(error)")
            return (ProcessExitCode.usage, Data())
        }
        // Relative paths in a case are relative to its suite's folder, as in its own process.
        guard FileManager.default.changeCurrentDirectoryPath(invocation.suiteCase.suiteDirectory) else {
            Self.writeError("\(invocation.suiteCase.suiteDirectory): cannot enter the suite's folder")
            return (ProcessExitCode.failure, Data())
        }
        do {
            let output = try CaseExecution.run(invocation, simulator: simulator)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (ProcessExitCode.success, try encoder.encode(output))
        } catch {
            Self.writeError("\(error)")
            return (ProcessExitCode.failure, Data())
        }
    }

    /// The working directory, the environment and the UserDefaults the worker started with.
    func resetProcessState() {
        fflush(stdout)
        _ = FileManager.default.changeCurrentDirectoryPath(initialDirectory)
        let environment = ProcessInfo.processInfo.environment
        if environment != initialEnvironment {
            for name in environment.keys where initialEnvironment[name] == nil { unsetenv(name) }
            for (name, value) in initialEnvironment where environment[name] != value { setenv(name, value, 1) }
        }
        for suite in Self.resetDefaultsSuites where UserDefaults.standard.persistentDomain(forName: suite) != nil {
            UserDefaults.standard.removePersistentDomain(forName: suite)
        }
        let standard = UserDefaults.standard.persistentDomain(forName: standardDefaultsName)
        if (standard.map { NSDictionary(dictionary: $0) }) != (initialStandardDefaults.map { NSDictionary(dictionary: $0) }) {
            if let initialStandardDefaults {
                UserDefaults.standard.setPersistentDomain(initialStandardDefaults, forName: standardDefaultsName)
            } else {
                UserDefaults.standard.removePersistentDomain(forName: standardDefaultsName)
            }
        }
    }

    static func writeError(_ line: String) {
        LibraryLog.write(line)
    }

    /// The `__run-cases` process: invocations from standard input until it closes.
    public static func serve() -> Int32 {
        // Workers share the machine's cores with each other: compiling one page's hot code
        // for the next minutes of a run that ends with the page does not pay here.
        JavaScriptVirtualMachine.optimizeLaterForSharedCores()
        // Frames go to a private copy of standard output; whatever else a case prints to
        // standard output lands in its standard error, where it cannot break the framing.
        let frames = dup(STDOUT_FILENO)
        fflush(stdout)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let loop = CaseWorkerLoop()
        var buffered = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffered[buffered.startIndex..<newline])
                buffered = Data(buffered[(newline + 1)...])
                if line.isEmpty { continue }
                let (status, payload) = loop.perform(line)
                var frame = CaseWorkerFrame.header(status: status, payloadLength: payload.count,
                                                   residentBytes: CaseWorkerFrame.currentResidentBytes())
                frame.append(payload)
                guard CaseWorkerFrame.writeAll(frame, to: frames) else { return ProcessExitCode.failure }
                // The parent has the answer: while it sends the next case, the last page's garbage
                // goes and the next case's realm is made.
                loop.simulator.prepareForNextRun()
                continue
            }
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return ProcessExitCode.success }
            buffered.append(contentsOf: chunk[0..<count])
        }
    }
}
