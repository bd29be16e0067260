import Foundation
import PreprocessingKit

/// `preprocess-sim run`: one script on one page, through a handler, into finalize.
public struct RunCommand: Equatable {
    public enum Format: String, Equatable { case text, json, plist }

    public var scriptPath: String?
    /// The extension's `Info.plist` (`--extension`): names the script when `--script` is not given.
    public var extensionPath: String?
    /// Another folder to look for the plist's script in (`--resources`).
    public var resourcesDirectory: String?
    public var pagePath: String?
    public var url: String?
    public var encoding: String?
    public var contentType: String?
    /// `--mime TYPE`: the document's kind by this type, over the content type, extension and bytes.
    public var mime: String?
    public var selectText: String?
    public var occurrence = 1
    public var selectCSS: String?
    /// `--select-range "CSS@N..CSS@M"`: a range by character offsets inside elements' text.
    public var selectRange: RunRequest.Selection?
    public var handler = "none"
    public var finalizeArguments: String?
    public var format = Format.text
    public var timeout: Double = 5
    public var memoryLimitMegabytes = RunRequest.defaultMemoryLimitMegabytes
    public var handlerTimeout: Double = 10
    /// `--post` (default) / `--cancel`: what the user taps in a compose sheet.
    public var composeChoice = ComposeChoice.post
    public var confirmAnswer = false
    public var promptAnswer: String?
    public var cookie = ""
    public var deterministic = false
    /// `--now`: milliseconds since 1970 (given as an ISO 8601 date or a number).
    public var now: Double?
    public var seed: UInt32?
    public var virtualTimeout: Double?
    /// `--fixture URL=FILE`, in the order given.
    public var fixtures: [String] = []
    public var fixturesDirectory: String?
    public var pageScripts = false
    /// `--trace`: print the timeline of the exchange (and put it in the JSON transcript).
    public var trace = false
    /// `--diff`: print a unified diff of the page's HTML before and after finalize.
    public var diff = false
    /// `--html-out FILE`: write the page after finalize.
    public var htmlOutputPath: String?
    /// `--watch`: run again whenever the script, page, plist or fixtures change.
    public var watch = false
    /// `--inspect`: stop before `run` and at `debugger;` statements with a prompt on stdin.
    public var inspect = false
    /// `--ios VERSION`: the page as Safari on that iOS version has it.
    public var iOS: IOSVersion?
    /// `--device iphone|ipad`: the device Safari runs on (default the iPhone).
    public var device: SimulatedDevice?

    /// One `case` per option of `run` (the help text lists them in the same order): long
    /// because the command has many options, not because any of them is intricate.
    static func parse(_ arguments: [String]) throws -> RunCommand {
        var command = RunCommand()
        var reader = ArgumentReader(arguments, command: "run")
        try reader.parse { name, value in
            switch name {
            case "--script": command.scriptPath = try value()
            case "--extension": command.extensionPath = try value()
            case "--resources": command.resourcesDirectory = try value()
            case "--page": command.pagePath = try value()
            case "--url": command.url = try value()
            case "--encoding": command.encoding = try value()
            case "--content-type": command.contentType = try value()
            case "--mime": command.mime = try value()
            case "--select": command.selectText = try value()
            case "--occurrence":
                let text = try value()
                guard let number = Int(text), number >= 1 else {
                    throw UsageError("--occurrence takes a whole number from 1, not '\(text)'", command: "run")
                }
                command.occurrence = number
            case "--select-css": command.selectCSS = try value()
            case "--select-range": command.selectRange = try RunCommand.parseSelectRange(try value())
            case "--handler": command.handler = try value()
            case "--finalize-args": command.finalizeArguments = try value()
            case "--format":
                let text = try value()
                guard let format = Format(rawValue: text) else {
                    throw UsageError("--format is text, json or plist, not '\(text)'", command: "run")
                }
                command.format = format
            case "--json": command.format = .json
            case "--timeout": command.timeout = try parseNumber(try value(), option: name, command: "run")
            case "--handler-timeout": command.handlerTimeout = try parseNumber(try value(), option: name, command: "run")
            case "--post": command.composeChoice = .post
            case "--cancel": command.composeChoice = .cancel
            case "--memory-limit":
                let text = try value()
                guard let megabytes = Int(text), megabytes >= 64 else {
                    throw UsageError("--memory-limit takes a whole number of megabytes, at least 64, not '\(text)'", command: "run")
                }
                command.memoryLimitMegabytes = megabytes
            case "--confirm":
                let text = try value().lowercased()
                guard ["yes", "no", "true", "false", "ok", "cancel"].contains(text) else {
                    throw UsageError("--confirm is yes or no, not '\(text)'", command: "run")
                }
                command.confirmAnswer = ["yes", "true", "ok"].contains(text)
            case "--prompt": command.promptAnswer = try value()
            case "--cookie": command.cookie = try value()
            case "--deterministic": command.deterministic = true
            case "--now":
                let text = try value()
                guard let milliseconds = Self.parseInstant(text) else {
                    throw UsageError("--now takes an ISO 8601 date (2024-01-01T00:00:00Z) or milliseconds since 1970, not '\(text)'", command: "run")
                }
                command.now = milliseconds
            case "--seed":
                let text = try value()
                guard let seed = UInt32(text) else {
                    throw UsageError("--seed takes a whole number from 0 to 4294967295, not '\(text)'", command: "run")
                }
                command.seed = seed
            case "--virtual-timeout": command.virtualTimeout = try parseNumber(try value(), option: name, command: "run")
            case "--fixture":
                let text = try value()
                // Split at the last `=`, as the request does: a URL's query has `=` in it, a path seldom.
                guard let equals = text.lastIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex else {
                    throw UsageError("--fixture takes URL=FILE, not '\(text)'", command: "run")
                }
                command.fixtures.append(text)
            case "--fixtures": command.fixturesDirectory = try value()
            case "--page-scripts": command.pageScripts = true
            case "--trace": command.trace = true
            case "--diff": command.diff = true
            case "--html-out": command.htmlOutputPath = try value()
            case "--watch": command.watch = true
            case "--inspect": command.inspect = true
            case "--ios": command.iOS = try parseIOSVersion(try value(), command: "run")
            case "--device": command.device = try parseDevice(try value(), command: "run")
            default: return false
            }
            return true
        }
        if let extra = reader.positionals.first {
            throw UsageError("unexpected argument '\(extra)'", command: "run")
        }
        guard command.scriptPath != nil || command.extensionPath != nil else {
            throw UsageError("run needs --script FILE or --extension Info.plist", command: "run")
        }
        guard command.pagePath != nil else { throw UsageError("run needs --page FILE", command: "run") }
        if [command.selectText != nil, command.selectCSS != nil, command.selectRange != nil].filter({ $0 }).count > 1 {
            throw UsageError("only one of --select, --select-css and --select-range can be used", command: "run")
        }
        if command.finalizeArguments != nil && !["none", "finalize-args"].contains(command.handler) {
            throw UsageError("--finalize-args gives the handler's answer; it cannot be combined with --handler \(command.handler)", command: "run")
        }
        if command.finalizeArguments == nil && BuiltInHandlers.make(command.handler, finalizeArguments: nil) == nil {
            throw UsageError("unknown handler '\(command.handler)' (built in: \(BuiltInHandlers.names.joined(separator: ", ")))", command: "run")
        }
        return command
    }

    func execute(output: Output) -> Int32 {
        if watch { return WatchMode(command: self).run(output: output) }
        return executeOnce(output: output).exitCode
    }

    /// One run: prints its report and returns the exit code and the transcript (nil when an
    /// input could not be read).
    func executeOnce(output: Output) -> (exitCode: Int32, transcript: Transcript?) { runOnce(output: output) }

    /// The files a run reads, for `--watch`.
    var watchedFiles: [String] {
        var files = [scriptPath, extensionPath, pagePath, fixturesDirectory.map { $0 + "/fixtures.json" }].compactMap { $0 }
        for fixture in fixtures {
            if let equals = fixture.lastIndex(of: "=") { files.append(String(fixture[fixture.index(after: equals)...])) }
        }
        if let fixturesDirectory, let names = try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory) {
            files += names.sorted().map { fixturesDirectory + "/" + $0 }
        }
        if let finalizeArguments, finalizeArguments.hasPrefix("@") { files.append(String(finalizeArguments.dropFirst())) }
        return files
    }

    /// The last run's simulator, kept until the next run replaces it or the process ends: tearing
    /// down a virtual machine (its heap, its compiled code) as a one-page process exits took
    /// 2 ms that nothing needs. Locked: runs made in process (tests, a host's own code) may
    /// come from several threads.
    nonisolated(unsafe) private static var lastRunSimulator: Simulator.Preparing?
    private static let lastRunLock = NSLock()

    private static func keepUntilNextRun(_ simulator: Simulator.Preparing) {
        lastRunLock.lock()
        let previous = lastRunSimulator
        lastRunSimulator = simulator
        lastRunLock.unlock()
        // Released outside the lock: its machine's teardown takes a while.
        _ = previous
    }

    /// A run that ended before the simulator ran, its reason already printed.
    struct Unusable: Error {}

    private func runOnce(output: Output) -> (exitCode: Int32, transcript: Transcript?) {
        guard pagePath != nil else { return (PreprocessSim.ExitCode.usage, nil) }
        // The engine and the DOM core, while the script and the page are read. Every way out
        // waits for it: the process must not end while another thread is in the engine. Not
        // with --inspect, whose probe makes a context and starts the remote inspector on this
        // thread (JavaScriptCore crashed with both at once).
        let preparing = inspect ? nil : Simulator.Preparing()
        defer { _ = preparing?.simulator }
        let request: RunRequest
        let configurationDiagnostics: [Diagnostic]
        do {
            let script = try resolveScript(output: output)
            configurationDiagnostics = script.diagnostics
            request = try makeRequest(scriptPath: script.path, page: try loadPage(output: output), output: output)
        } catch {
            return (PreprocessSim.ExitCode.usage, nil)
        }
        if inspect { Inspector.announce(output: output) }
        var transcript = preparing?.run(request) ?? Simulator().run(request)
        if let preparing { Self.keepUntilNextRun(preparing) }
        transcript.diagnostics.insert(contentsOf: configurationDiagnostics, at: 0)
        // Only --trace asks for the timeline in the transcript; --diff and --html-out record it
        // to get the page before finalize.
        if !trace { transcript.trace = nil }
        report(transcript, output: output)
        if let htmlOutputPath, !writeHTML(transcript, to: htmlOutputPath, output: output) {
            return (PreprocessSim.ExitCode.usage, transcript)
        }
        return (transcript.succeeded ? PreprocessSim.ExitCode.success : PreprocessSim.ExitCode.failure, transcript)
    }

    /// The script to run: `--script`, or the one `--extension`'s plist names (whose problems go
    /// into the transcript: a plist that stops Safari running the script is an error of this
    /// run too).
    private func resolveScript(output: Output) throws(Unusable) -> (path: String, diagnostics: [Diagnostic]) {
        var configurationDiagnostics: [Diagnostic] = []
        let scriptPath: String
        if let extensionPath {
            guard FileManager.default.isReadableFile(atPath: extensionPath), !FileManager.default.isDirectory(extensionPath) else {
                output.error("\(extensionPath): error: cannot read the file [\(DiagnosticCode.plistUnreadable)]")
                throw Unusable()
            }
            let inspection = ConfigurationCheck.inspect(plistPath: extensionPath, resourcesDirectory: resourcesDirectory,
                                                        scriptOverride: self.scriptPath)
            configurationDiagnostics = inspection.diagnostics.filter { $0.severity != .note }
            guard let found = inspection.scriptURL else {
                for diagnostic in inspection.diagnostics where diagnostic.severity == .error { output.error(diagnostic.formatted) }
                output.error("\(extensionPath): error: the plist does not lead to a preprocessing file; pass --script FILE [\(DiagnosticCode.scriptNotFound)]")
                throw Unusable()
            }
            scriptPath = found.path
        } else if let given = self.scriptPath {
            scriptPath = given
        } else {
            throw Unusable()
        }
        guard FileManager.default.isReadableFile(atPath: scriptPath), !FileManager.default.isDirectory(scriptPath) else {
            output.error("\(scriptPath): error: cannot read the preprocessing script [\(DiagnosticCode.scriptUnreadable)]")
            throw Unusable()
        }
        return (scriptPath, configurationDiagnostics)
    }

    /// The saved page, read within a tenth of the memory limit: the run refuses what it cannot
    /// build anyway, and a gzip bomb stops inflating there.
    private func loadPage(output: Output) throws(Unusable) -> LoadedPage {
        guard let pagePath else { throw Unusable() }
        do {
            return try PageLoader.load(path: pagePath, options: PageLoadOptions(url: url, encoding: encoding, contentType: contentType,
                                                                                maximumBytes: memoryLimitMegabytes * 1_048_576 / 10,
                                                                                mime: mime))
        } catch let error as PageLoadError {
            output.error("\(error.path): error: \(error.message) [\(error.code)]")
        } catch {
            output.error("\(pagePath): error: \(error) [\(DiagnosticCode.pageUnreadable)]")
        }
        throw Unusable()
    }

    /// The request the options describe: handler, selection, limits, clock, fixtures, tracing.
    func makeRequest(scriptPath: String, page: LoadedPage, output: Output) throws(Unusable) -> RunRequest {
        var fixedArguments: PropertyListValue?
        if let finalizeArguments {
            do {
                fixedArguments = try FinalizeArguments.read(finalizeArguments)
            } catch {
                output.error("preprocess-sim: error: \(error.message)")
                throw Unusable()
            }
        }
        let handlerName = finalizeArguments != nil ? "finalize-args" : handler
        guard let handlerInstance = BuiltInHandlers.make(handlerName, finalizeArguments: fixedArguments) else {
            output.error("preprocess-sim: error: unknown handler '\(handler)'")
            throw Unusable()
        }
        var request = RunRequest(scriptPath: scriptPath, page: page, handler: handlerInstance, handlerName: handlerName)
        if let selectText { request.selection = .text(selectText, occurrence: occurrence) }
        if let selectCSS { request.selection = .elementContents(selector: selectCSS) }
        if let selectRange { request.selection = selectRange }
        request.timeout = timeout
        request.memoryLimitMegabytes = memoryLimitMegabytes
        request.handlerTimeout = handlerTimeout
        request.composeChoice = composeChoice
        request.confirmAnswer = confirmAnswer
        request.promptAnswer = promptAnswer
        request.cookie = cookie
        // --now and --seed imply a deterministic run.
        request.deterministic = deterministic || now != nil || seed != nil
        if let now { request.now = now }
        if let seed { request.seed = seed }
        if let virtualTimeout { request.virtualTimeBudget = virtualTimeout * 1000 }
        request.pageScripts = pageScripts
        request.iOS = iOS
        request.device = device
        do {
            if let fixturesDirectory { request.fixtures += try NetworkFixture.folder(fixturesDirectory) }
            for fixture in fixtures {
                let equals = fixture.lastIndex(of: "=")!
                request.fixtures.append(try .file(url: String(fixture[..<equals]), path: String(fixture[fixture.index(after: equals)...])))
            }
        } catch let refusal as PathOutsideFolder {
            output.error("\((fixturesDirectory.map { $0 + "/fixtures.json" } ?? "preprocess-sim").escapingControlCharacters): error: \(refusal)")
            throw Unusable()
        } catch {
            output.error("preprocess-sim: error: cannot read the fixtures: \(error.localizedDescription) [\(DiagnosticCode.fixtureUnreadable)]")
            throw Unusable()
        }
        request.trace = trace || diff || htmlOutputPath != nil
        // The text report never shows the page after finalize; serialising a large built page
        // for nobody took a quarter of the 50 MB page's peak (834 MB walked, 1,058 MB with it).
        // --diff and --html-out record it through the trace. Nor does the property list, which
        // holds the results only.
        request.recordsFinalizedHTML = format == .json
        if inspect { request.debuggerPause = Inspector.prompt(output: output) }
        return request
    }

    /// The transcript in the chosen format.
    private func report(_ transcript: Transcript, output: Output) {
        switch format {
        case .text:
            output.write(TextReport.render(transcript, colours: output.isTerminal))
            let exceptions = TraceReport.exceptions(transcript)
            if !exceptions.isEmpty { output.write("\nExceptions\n" + exceptions) }
            if trace { output.write("\n" + TraceReport.render(transcript, colours: output.isTerminal)) }
            if diff {
                output.write("\n" + TraceReport.mutations(transcript))
                output.write(TraceReport.htmlDiff(transcript, colours: output.isTerminal) ?? "finalize did not run, so there is no diff\n")
            }
        case .json:
            JSONReport.write(transcript) { output.writeOut($0) }
        case .plist:
            output.write(PlistReport.render(transcript))
            for diagnostic in transcript.diagnostics { output.error(diagnostic.formatted) }
        }
    }

    /// `--html-out`: the page after finalize (before it when finalize did not run); false when
    /// the file cannot be written.
    private func writeHTML(_ transcript: Transcript, to path: String, output: Output) -> Bool {
        guard let html = transcript.finalize.html ?? transcript.htmlBeforeFinalize else {
            output.error("preprocess-sim: note: finalize did not run; \(path) not written")
            return true
        }
        do {
            try Data(("<!DOCTYPE html>\n" + html).utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            output.error("\(path): error: cannot write the page: \(error.localizedDescription) [\(DiagnosticCode.htmlOutUnwritable)]")
            return false
        }
    }

    /// An ISO 8601 date-time or a number of milliseconds since 1970.
    static func parseInstant(_ text: String) -> Double? {
        if let number = Double(text), number.isFinite { return number }
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime], [.withFullDate]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return (date.timeIntervalSince1970 * 1000).rounded() }
        }
        return nil
    }

}


extension RunCommand {
    /// Parses `--select-range`: `START..END`, each `CSS@OFFSET` (the character offset into the
    /// text content of the first element matching CSS); END may be a bare offset into the same
    /// element (`p.lead@4..20`). Selectors may contain `@` and `..`: the last `..` and the last
    /// `@` of each side split.
    public static func parseSelectRange(_ text: String) throws -> RunRequest.Selection {
        func point(_ part: Substring, defaultSelector: String?) -> (String, Int)? {
            if let at = part.lastIndex(of: "@") {
                let selector = part[..<at].trimmingCharacters(in: .whitespaces)
                guard !selector.isEmpty, let offset = Int(part[part.index(after: at)...].trimmingCharacters(in: .whitespaces)), offset >= 0 else { return nil }
                return (selector, offset)
            }
            guard let defaultSelector, let offset = Int(part.trimmingCharacters(in: .whitespaces)), offset >= 0 else { return nil }
            return (defaultSelector, offset)
        }
        let usage = UsageError("--select-range takes CSS@START..CSS@END (character offsets into the elements' text, e.g. 'p@0..p@12' or 'p@0..12'), not '\(text)'", command: "run")
        guard let dots = text.range(of: "..", options: .backwards),
              let start = point(text[..<dots.lowerBound], defaultSelector: nil),
              let end = point(text[dots.upperBound...], defaultSelector: start.0) else { throw usage }
        return .range(startSelector: start.0, startOffset: start.1, endSelector: end.0, endOffset: end.1)
    }
}
