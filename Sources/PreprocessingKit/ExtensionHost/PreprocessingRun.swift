import Foundation

/// One exchange to simulate: a script, a page, an optional selection, a request handler.
public struct RunRequest {
    public enum Selection: Equatable, Sendable {
        /// The `occurrence`-th (1-based) match of the text; white space matches any run of it.
        case text(String, occurrence: Int)
        /// The contents of the first element matching a CSS selector.
        case elementContents(selector: String)
        /// From character `startOffset` of the first element matching `startSelector` to
        /// character `endOffset` of the first matching `endSelector`; offsets count the
        /// characters of the element's text content (`--select-range "p@4..p@20"`).
        case range(startSelector: String, startOffset: Int, endSelector: String, endOffset: Int)
    }

    public var scriptPath: String
    /// The script's source; read from `scriptPath` when nil.
    public var scriptSource: String?
    public var page: LoadedPage
    public var selection: Selection?
    public var handler: NSExtensionRequestHandling
    public var handlerName: String
    /// CPU seconds `run` or `finalize` may run before it is stopped (`--timeout`).
    public var timeout: Double = 5
    /// Real seconds the handler may take to call `completeRequest`.
    public var handlerTimeout: Double = 10
    /// The memory the run may take, in MB (`--memory-limit`): a page too large to build within
    /// it is refused, a script that allocates past it is stopped, and results larger than a
    /// quarter of it are not converted. No real page comes near the default.
    public var memoryLimitMegabytes = RunRequest.defaultMemoryLimitMegabytes
    public static let defaultMemoryLimitMegabytes = 1024
    /// Virtual milliseconds timers may advance the clock before waiting gives up.
    public var virtualTimeBudget: Double = 60_000
    public var confirmAnswer = false
    public var promptAnswer: String?
    public var cookie = ""
    /// A fixed start time and seeded randomness, so the same inputs give the same transcript
    /// (`--deterministic`); timings are left out of such transcripts.
    public var deterministic = false
    /// Where a deterministic run's clock starts (milliseconds since 1970; `--now`).
    public var now: Double = PageContext.defaultNow
    /// The seed of `Math.random` and `crypto.getRandomValues` (`--seed`).
    public var seed: UInt32 = 0
    /// What the offline network answers (`--fixture`, `--fixtures`).
    public var fixtures: [NetworkFixture] = []
    /// Run the page's own classic scripts before the preprocessing script (`--page-scripts`).
    public var pageScripts = false
    /// JavaScript evaluated in the page after it is built (and the selection made) and before
    /// the script is injected: `check` uses it to make `getSelection()` return null.
    public var preScript: String?
    /// Record the `--trace` timeline, finalize's DOM mutations and the page before finalize
    /// (`--trace`, `--diff`, `--html-out`).
    public var trace = false
    /// `--inspect`: called before `run` and at each `debugger;` statement of the script, with an
    /// evaluator for that place. `debugger;` statements stop only when this is set (as in Safari,
    /// where they stop only with the Web Inspector attached).
    public var debuggerPause: ((DebuggerPause) -> Void)?

    public init(scriptPath: String, scriptSource: String? = nil, page: LoadedPage, selection: Selection? = nil,
                handler: NSExtensionRequestHandling = NoFinalizeHandler(), handlerName: String? = nil) {
        self.scriptPath = scriptPath
        self.scriptSource = scriptSource
        self.page = page
        self.selection = selection
        self.handler = handler
        self.handlerName = handlerName ?? String(describing: type(of: handler))
    }
}

/// Runs preprocessing exchanges. One simulator keeps one JavaScript virtual machine, so the DOM
/// code is compiled once however many pages it runs.
///
/// ```swift
/// let page = try PageLoader.load(path: "Pages/article.html")
/// let transcript = Simulator().run(RunRequest(scriptPath: "Scripts/ShareScript.js", page: page,
///                                             selection: .text("quick brown fox", occurrence: 1)))
/// print(transcript.results ?? .null)
/// ```
public final class Simulator {
    public let machine: JavaScriptVirtualMachine

    public init(machine: JavaScriptVirtualMachine = JavaScriptVirtualMachine()) {
        self.machine = machine
    }

    /// Runs made so far; from the second on, the previous pages' garbage is collected first.
    private var runCount = 0
    private let runLock = NSLock()

    public func run(_ request: RunRequest) -> Transcript {
        // One run at a time per simulator: its virtual machine (the watchdog, the microtask
        // queue drained when control returns to Swift) must not be shared by two threads at once.
        runLock.lock()
        defer { runLock.unlock() }
        // Before, not after, a run: a one-run process (`preprocess-sim run`) never pays for it.
        if runCount > 0 { machine.collectGarbage() }
        runCount += 1
        var exchange = Exchange(request: request)
        exchange.perform(machine: machine)
        exchange.finishTrace()
        return exchange.transcript
    }
}

/// The state of one run while it goes through its stages.
private struct Exchange {
    let request: RunRequest
    var transcript: Transcript
    var stageStart = DispatchTime.now()
    /// The `--trace` timeline (records nothing unless the request asks for it).
    let tracer: TraceRecorder
    /// What exceptions are mapped back to (the script's text, strings finalize may eval).
    var sources = ScriptSources()

    init(request: RunRequest) {
        self.request = request
        tracer = TraceRecorder(enabled: request.trace, deterministic: request.deterministic)
        let page = request.page
        transcript = Transcript(
            page: .init(path: page.path, url: page.url, urlSource: page.urlSource, encoding: page.encoding,
                        encodingSource: page.encodingSource, format: page.format.rawValue, byteCount: page.byteCount,
                        title: nil),
            script: .init(path: request.scriptPath),
            selection: nil, completed: false, results: nil, resultsJSON: nil, completionCalls: 0,
            diagnostics: page.notes, console: [], dialogs: [], navigations: [],
            handler: .init(name: request.handlerName, completed: false, cancelled: nil, returnedItems: nil,
                           finalizeArguments: nil, calls: []),
            finalize: .init(called: false, alerts: [], dialogs: [], console: [], navigations: [], error: nil, html: nil),
            timings: [:])
    }

    var scriptFile: String { request.scriptPath }

    mutating func lap(_ stage: String) {
        let now = DispatchTime.now()
        transcript.timings[stage, default: 0] += Double(now.uptimeNanoseconds - stageStart.uptimeNanoseconds) / 1e6
        stageStart = now
    }

    mutating func diagnose(_ severity: Diagnostic.Severity, _ code: String, _ message: String,
                           line: Int? = nil, column: Int? = nil, file: String? = nil) {
        transcript.diagnostics.append(Diagnostic(severity, code, message, file: file ?? scriptFile, line: line, column: column))
    }

    /// A JavaScript error as a diagnostic at the place it was thrown.
    mutating func diagnose(_ code: String, _ prefix: String, _ error: JavaScriptError) {
        if !error.timedOut && code != "internal-error" {
            let phase = ["script-threw": "inject", "run-threw": "run", "task-threw": "task", "finalize-threw": "finalize"][code] ?? tracer.phase
            let exception = sources.exception(error, phase: phase)
            transcript.exceptions = (transcript.exceptions ?? []) + [exception]
            tracer.record(.exception, "\(prefix): \(error.name): \(error.message)", details: exception.rendered, location: exception.location)
            if let location = exception.location, error.sourceURL == nil {
                // Thrown in eval'ed code: the diagnostic names the eval'ed source, not the script.
                diagnose(.error, code, "\(prefix): \(error.name): \(error.message)", line: location.line, column: location.column, file: location.file)
                return
            }
        }
        if error.memoryLimitExceeded {
            diagnose(.error, "memory-limit", "\(prefix): \(error.message) (raise the limit with --memory-limit)")
            return
        }
        if error.timedOut {
            diagnose(.error, "timeout", "\(prefix): \(error.message) (raise the limit with --timeout)")
            return
        }
        var file = error.sourceURL ?? scriptFile
        var line = error.line
        if file == PageContext.bundleURL, let l = line, let mapped = PageContext.bundleLocation(line: l) {
            file = "<simulator DOM>/\(mapped.file)"
            line = mapped.line
        }
        diagnose(.error, code, "\(prefix): \(error.name): \(error.message)", line: line, column: error.column, file: file)
    }

    /// Peak memory of building a page, as a multiple of its UTF-8 size (measured on the 50 MB
    /// scaling page of `make bench`: 14.7×; small pages add the realm's fixed ~90 MB).
    static let buildMemoryFactor = 15

    mutating func perform(machine: JavaScriptVirtualMachine) {
        // The page.
        var configuration = PageContext.Configuration(url: request.page.url)
        configuration.characterSet = request.page.encoding
        configuration.contentType = request.page.mimeType
        configuration.cookie = request.cookie
        configuration.confirmAnswer = request.confirmAnswer
        configuration.promptAnswer = request.promptAnswer
        // Every saved frame, nested ones too, by the URLs a page can name it with.
        var pendingFrames = request.page.frames
        while let frame = pendingFrames.popLast() {
            configuration.frames[frame.url] = frame.html
            if let contentID = frame.contentID {
                configuration.frames["cid:\(contentID)"] = frame.html
                configuration.frameURLs["cid:\(contentID)"] = frame.url
            }
            pendingFrames += frame.frames
        }
        configuration.deterministic = request.deterministic
        configuration.now = request.now
        configuration.seed = request.seed
        configuration.fixtures = request.fixtures
        lap("load")
        // Building a page takes about 14 times its size at most (the 50 MB page: 703 MB):
        // refuse what cannot fit rather than be killed for running out of memory.
        let memoryLimit = request.memoryLimitMegabytes * 1_048_576
        machine.memoryLimit = memoryLimit
        let needed = request.page.html.utf8.count * Self.buildMemoryFactor
        if memoryLimit > 0, needed > memoryLimit {
            diagnose(.error, "page-too-large",
                     "the page is \(request.page.html.utf8.count / 1_048_576) MB of text; building it takes about \(needed / 1_048_576) MB, over the \(request.memoryLimitMegabytes) MB limit (raise it with --memory-limit)",
                     file: request.page.path)
            return
        }
        let page: PageContext
        do {
            page = try PageContext(html: request.page.html, configuration: configuration, machine: machine)
        } catch let error as JavaScriptError {
            diagnose("internal-error", "the simulator could not build this page", error)
            return
        } catch {
            diagnose(.error, "internal-error", "the simulator could not build this page: \(error)")
            return
        }
        page.javaScript.executionTimeLimit = request.timeout
        transcript.page.title = try? page.javaScript.evaluate("document.title").stringValue
        lap("build")
        tracer.attach(page)
        // Early returns leave page events unflushed; take them while the page is alive.
        defer { tracer.flush() }
        tracer.record(.pageLoaded, "page built: \(request.page.url) (\(request.page.byteCount) bytes, \(request.page.encoding)), title \(DOMMutation.quote(transcript.page.title))",
                      location: SourceLocation(file: request.page.path))
        for (step, milliseconds) in page.buildTimings { transcript.timings["build." + step] = milliseconds }

        // The selection the user made before sharing.
        if let selection = request.selection {
            let found: Bool
            let described: String
            switch selection {
            case .text(let text, let occurrence):
                found = (try? page.selectText(text, occurrence: occurrence)) ?? false
                described = occurrence == 1 ? text : "\(text) (occurrence \(occurrence))"
            case .elementContents(let selector):
                found = (try? page.selectElementContents(selector: selector)) ?? false
                described = "contents of \(selector)"
            case .range(let startSelector, let startOffset, let endSelector, let endOffset):
                found = (try? page.selectRange(startSelector: startSelector, startOffset: startOffset,
                                               endSelector: endSelector, endOffset: endOffset)) ?? false
                described = "\(startSelector)@\(startOffset)..\(endSelector)@\(endOffset)"
            }
            transcript.selection = .init(requested: described, found: found)
            if !found {
                diagnose(.warning, "selection-not-found", "the page has no text matching the selection '\(described)'; nothing is selected",
                         file: request.page.path)
            }
        }

        if request.pageScripts { runPageScripts(page) }

        if let preScript = request.preScript {
            do {
                try page.javaScript.evaluate(preScript, sourceURL: "preprocess-sim://pre-script")
            } catch let error as JavaScriptError {
                diagnose("internal-error", "the pre-script threw", error)
                return
            } catch {}
        }

        // Inject the script, as Safari does, into the loaded page.
        try? page.setPhase("run")
        tracer.phase = "run"
        var source: String
        if let given = request.scriptSource {
            source = given
        } else if let data = FileManager.default.contents(atPath: request.scriptPath) {
            source = String(decoding: data, as: UTF8.self)
        } else {
            diagnose(.error, "script-unreadable", "cannot read the preprocessing script")
            return
        }
        do {
            try page.javaScript.checkSyntax(source, sourceURL: scriptFile)
        } catch let error as JavaScriptError {
            diagnose(.error, "syntax-error", "\(error.message) (Safari skips the script and the extension receives nothing)",
                     line: error.line, column: error.column ?? page.javaScript.syntaxErrorColumn(source: source, error: error))
            collectEvents(page, finalize: false)
            return
        } catch {}
        sources.files[scriptFile] = source
        if let pause = request.debuggerPause {
            let rewritten = DebuggerStatements.rewrite(source)
            if rewritten.count > 0 {
                DebuggerStatements.install(in: page, pause: pause)
                source = rewritten.source
            }
        }
        do {
            try page.javaScript.evaluate(source, sourceURL: scriptFile)
            tracer.record(.scriptEvaluated, "evaluated \((scriptFile as NSString).lastPathComponent) (\(source.utf8.count) bytes)",
                          location: SourceLocation(file: scriptFile, line: 1, column: 1))
        } catch let error as JavaScriptError {
            diagnose("script-threw", "the script threw while it was being injected", error)
            collectEvents(page, finalize: false)
            return
        } catch {}

        // Find ExtensionPreprocessingJS in any shape real scripts use (var, let/const, class
        // instance, window property, object literal).
        let global: JavaScriptValue
        do {
            global = try page.javaScript.evaluate(
                "typeof ExtensionPreprocessingJS === 'undefined' ? undefined : ExtensionPreprocessingJS",
                sourceURL: "preprocess-sim://lookup")
        } catch let error as JavaScriptError {
            // A getter on the global that throws: Safari's call of run fails the same way.
            diagnose("run-threw", "looking up ExtensionPreprocessingJS threw, so run was never called", error)
            collectEvents(page, finalize: false)
            return
        } catch {
            global = page.javaScript.undefined
        }
        guard global.isObject else {
            diagnose(.error, "missing-global",
                     global.isUndefined
                        ? "the script does not define ExtensionPreprocessingJS; Safari finds nothing to run and the extension receives nothing"
                        : "ExtensionPreprocessingJS is \(global.typeDescription), not an object with a run function")
            collectEvents(page, finalize: false)
            return
        }
        let run: JavaScriptValue
        do {
            run = try global.property("run")
        } catch let error as JavaScriptError {
            diagnose("run-threw", "reading ExtensionPreprocessingJS.run threw, so run was never called", error)
            collectEvents(page, finalize: false)
            return
        } catch {
            run = page.javaScript.undefined
        }
        guard run.isFunction else {
            diagnose(.error, "missing-run", "ExtensionPreprocessingJS has no run function (it is \(run.typeDescription)); the extension receives nothing")
            collectEvents(page, finalize: false)
            return
        }

        // run({completionFunction}).
        var completionValue: JavaScriptValue?
        // The function lives in the page's heap, so it must not keep the page (or a value of
        // it) alive: weak page, and the captured value cleared on the way out, or every page
        // of a suite stays in memory.
        defer { completionValue = nil }
        var completionCalls = 0
        var completionEventIndex: Int?
        let tracer = self.tracer
        let completionFunction = page.javaScript.makeFunction(name: "completionFunction") { [weak page] arguments in
            completionCalls += 1
            if completionValue == nil, let page { completionValue = arguments.first ?? page.javaScript.undefined }
            if tracer.enabled, let page {
                let given = page.describeForTrace(arguments.first ?? page.javaScript.undefined)
                let index = tracer.record(.completionCalled, "completionFunction called\(completionCalls > 1 ? " again (call \(completionCalls); ignored)" : "")",
                                          details: ["as JavaScript gave it:        \(given)"], location: page.scriptCallerLocation())
                if completionCalls == 1 { completionEventIndex = index }
            }
            return nil
        }
        let arguments = page.javaScript.makeObject()
        try? arguments.setProperty("completionFunction", completionFunction)
        lap("inject")
        if let pause = request.debuggerPause {
            pause(DebuggerPause(reason: "before run", location: SourceLocation(file: scriptFile),
                                evaluate: DebuggerStatements.globalEvaluator(page)))
        }
        tracer.record(.runEntered, "ExtensionPreprocessingJS.run({completionFunction}) called")
        // An `async run` that throws returns a rejected promise: watch it, so the failure is
        // reported as run's (it is why completion never comes) rather than as a stray rejection.
        var runRejection: JavaScriptValue?
        do {
            let returned = try run.call([arguments], this: global)
            tracer.record(.runReturned, completionValue == nil ? "run returned; completionFunction not called yet" : "run returned")
            if returned.isObject, (try? returned.property("then"))?.isFunction == true {
                let onRejected = page.javaScript.makeFunction(name: "runRejected") { arguments in
                    runRejection = arguments.first ?? page.javaScript.undefined
                    return nil
                }
                _ = try? returned.invoke("then", [page.javaScript.undefined, onRejected])
            }
        } catch let error as JavaScriptError {
            diagnose(error.timedOut ? "timeout" : "run-threw", "run threw before the extension got its results", error)
        } catch {}
        var ending = LoopEnding.idle
        if !transcript.diagnostics.contains(where: { $0.code == "timeout" }) {
            ending = drainTasks(page, until: { completionValue != nil || runRejection != nil })
        }
        if let rejection = runRejection, completionValue == nil {
            diagnose("run-threw", "run's promise was rejected before the extension got its results",
                     page.javaScript.error(fromValue: rejection))
        }
        transcript.completionCalls = completionCalls
        lap("run")
        collectEvents(page, finalize: false)
        transcript.clock = .init(deterministic: request.deterministic, start: request.deterministic ? request.now : nil,
                                 seed: request.deterministic ? request.seed : nil,
                                 runEnded: (try? page.virtualTime()) ?? 0, finalizeEnded: nil)
        defer { if request.deterministic { transcript.timings = [:] } }

        guard let result = completionValue else {
            if !transcript.diagnostics.contains(where: { $0.severity == .error && $0.code != "unhandled-rejection" }) {
                let why: String
                switch ending {
                case .idle, .completed:
                    why = "run returned and nothing is left that could call completionFunction (no timer, no pending request)"
                case .onlyIntervals:
                    why = "only setInterval timers were left; they ran for \(Self.formatVirtual(request.virtualTimeBudget)) of virtual time without calling completionFunction (--virtual-timeout)"
                case .budget:
                    why = "completionFunction was not called within \(Self.formatVirtual(request.virtualTimeBudget)) of virtual time; a timer or request was still pending (--virtual-timeout)"
                case .stopped:
                    why = "a task was stopped before completionFunction was called"
                }
                diagnose(.error, "completion-not-called",
                         "\(why); on a device the share sheet waits forever and the extension receives nothing")
            }
            return
        }
        transcript.completed = true
        if completionCalls > 1 {
            diagnose(.warning, "completion-called-twice",
                     "completionFunction was called \(completionCalls) times; only the first call's value reaches the extension")
        }
        // Characters take two bytes in JavaScript and as many again in the transcript.
        let outcome = ResultConversion.convert(result, file: scriptFile, characterLimit: max(1, request.memoryLimitMegabytes) * 1_048_576 / 4 / 2,
                                               platformObjectView: page.platformObjectView)
        transcript.results = outcome.value
        if tracer.enabled {
            let received = outcome.value.map { $0.traceDescription } ?? "nil (nothing under the results key)"
            var lines = ["as the extension receives it: \(received)"]
            for diagnostic in outcome.diagnostics { lines.append("  conversion: \(diagnostic.message)") }
            tracer.appendDetails(lines, toEventAt: completionEventIndex)
        }
        transcript.diagnostics += outcome.diagnostics
        if !outcome.diagnostics.isEmpty, !outcome.diagnostics.contains(where: { $0.code == "results-too-large" }),
           let json = result.jsonString() {
            transcript.resultsJSON = json
        }
        lap("convert")

        // The extension's request handler.
        guard let finalizeArguments = runHandler(results: outcome.value) else {
            lap("handler")
            return
        }
        lap("handler")

        // finalize(arguments), in the same page.
        try? page.setPhase("finalize")
        let finalize = (try? global.property("finalize")) ?? page.javaScript.undefined
        guard finalize.isFunction else {
            diagnose(.warning, "missing-finalize",
                     "the handler returned finalize arguments, but ExtensionPreprocessingJS has no finalize function; they are dropped")
            return
        }
        transcript.finalize.called = true
        tracer.phase = "finalize"
        sources.addEvalCandidates(from: finalizeArguments)
        if request.trace { transcript.htmlBeforeFinalize = try? page.documentHTML() }
        tracer.record(.finalizeEntered, "ExtensionPreprocessingJS.finalize(arguments) called",
                      details: finalizeArguments.nslogDescription(escapingNonASCII: false).split(separator: "\n").map(String.init))
        do {
            let argument = try ResultConversion.javaScriptValue(finalizeArguments, in: page.javaScript)
            try finalize.call([argument], this: global)
        } catch let error as JavaScriptError {
            diagnose(error.timedOut ? "timeout" : "finalize-threw", "finalize threw", error)
            transcript.finalize.error = "\(error.name): \(error.message)"
        } catch {}
        let finalizeEnding = drainTasks(page, until: { false })
        if finalizeEnding == .onlyIntervals || finalizeEnding == .budget {
            diagnose(.note, "finalize-tasks-left",
                     finalizeEnding == .onlyIntervals
                        ? "setInterval timers were still running after \(Self.formatVirtual(request.virtualTimeBudget)) of virtual time in finalize; the simulation stopped them"
                        : "a timer or request of finalize was still pending after \(Self.formatVirtual(request.virtualTimeBudget)) of virtual time; the simulation stopped waiting")
        }
        transcript.clock?.finalizeEnded = try? page.virtualTime()
        collectEvents(page, finalize: true)
        transcript.finalize.html = try? page.documentHTML()
        if request.trace {
            tracer.flush()
            transcript.mutations = (try? page.takeMutations()) ?? []
            let mutations = transcript.mutations ?? []
            var effects = ["\(mutations.count) DOM change(s)", "\(transcript.finalize.alerts.count) alert(s)",
                           "\(transcript.finalize.console.count) console message(s)", "\(transcript.finalize.navigations.count) navigation(s)"]
            if let before = transcript.htmlBeforeFinalize, let after = transcript.finalize.html {
                let diff = HTMLDiff.lines(before, after)
                effects.append("the page's HTML: +\(diff.insertions) −\(diff.deletions) lines (--diff shows them)")
            }
            tracer.record(.finalizeEffects, "finalize's effects: " + effects.joined(separator: ", "))
        }
        lap("finalize")
    }

    /// How a phase's event loop ended.
    enum LoopEnding: Equatable {
        /// `done` became true; tasks due at that moment ran too.
        case completed
        /// Nothing was left to run.
        case idle
        /// Only `setInterval` timers were left when the virtual-time budget ran out.
        case onlyIntervals
        /// A timeout or request was still pending when the virtual-time budget ran out.
        case budget
        /// A task ran past the CPU time limit.
        case stopped
    }

    /// Runs tasks on the virtual clock, one per call so that microtasks run between them, until
    /// `done` (then the tasks already due at that moment, so the loop is idle), or nothing is
    /// left, or the phase has used `virtualTimeBudget` of virtual time.
    mutating func drainTasks(_ page: PageContext, until done: () -> Bool) -> LoopEnding {
        let start = (try? page.virtualTime()) ?? 0
        var deadline = start + request.virtualTimeBudget
        var completed = false
        while true {
            if !completed && done() {
                completed = true
                deadline = (try? page.virtualTime()) ?? deadline
            }
            do {
                guard try page.runNextTask(budgetMilliseconds: deadline) else { break }
            } catch let error as JavaScriptError {
                diagnose(error.timedOut ? "timeout" : "task-threw", "a timer or event callback threw", error)
                if error.timedOut { return .stopped }
            } catch { break }
            collectRejections(page)
        }
        collectRejections(page)
        if completed || done() { return .completed }
        switch (try? page.pendingWork()) ?? .none {
        case .none: return .idle
        case .onlyIntervals: return .onlyIntervals
        case .tasks: return .budget
        }
    }

    /// Promises rejected with no handler, as diagnostics (on a device: an error in the console).
    mutating func collectRejections(_ page: PageContext) {
        let rejections = page.unhandledRejections
        guard !rejections.isEmpty else { return }
        page.unhandledRejections.removeAll()
        for rejection in rejections {
            diagnose(.warning, "unhandled-rejection",
                     "a promise was rejected and nothing handled it: \(rejection.name): \(rejection.message)",
                     line: rejection.line, column: rejection.column, file: rejection.sourceURL)
        }
    }

    /// Runs the page's classic scripts in document order, as Safari did while loading the
    /// page; their errors are the page's, not the preprocessing script's. Then DOMContentLoaded
    /// and load fire, and the tasks due at that moment run; later timers stay queued.
    mutating func runPageScripts(_ page: PageContext) {
        try? page.setPhase("load")
        let scripts = (try? page.pageScripts()) ?? []
        for (index, script) in scripts.enumerated() {
            let name = script.src ?? "\(request.page.url)#inline-script-\(index + 1)"
            do {
                try page.javaScript.evaluate(script.text, sourceURL: name)
            } catch let error as JavaScriptError {
                diagnose(.warning, error.timedOut ? "page-script-timeout" : "page-script-error",
                         "a script of the page threw: \(error.name): \(error.message)",
                         line: error.line, column: error.column, file: name)
            } catch {}
            collectRejections(page)
        }
        do { try page.finishPageLoad() } catch let error as JavaScriptError {
            diagnose(.warning, "page-script-error", "a load event listener of the page threw: \(error.name): \(error.message)",
                     line: error.line, column: error.column, file: error.sourceURL ?? request.page.url)
        } catch {}
        let now = (try? page.virtualTime()) ?? 0
        while (try? page.runNextTask(budgetMilliseconds: now)) == true { collectRejections(page) }
        collectRejections(page)
        takeRequests(page, phase: "load", replacingPhase: true)
        collectEvents(page, finalize: false)
    }

    /// The page's requests into the transcript. A request a fixture would have answered but
    /// CORS blocked (as Safari blocks it) gets a warning that says which header is missing:
    /// otherwise the only trace is the script's `Load failed`.
    mutating func takeRequests(_ page: PageContext, phase: String, replacingPhase: Bool) {
        for var request in (try? page.takeRequests()) ?? [] {
            if replacingPhase || request.phase == nil { request.phase = phase }
            if request.outcome == "cors-blocked" {
                let origin = Self.origin(of: self.request.page.url)
                diagnose(.warning, "fixture-cors-blocked",
                         "the fixture for \(request.url) answers a cross-origin \(request.api) that the page may not read: \(request.corsProblem ?? "CORS blocked it"); Safari blocks it the same way and the script sees a network error (a fixture in --fixtures' fixtures.json can carry the header: \"headers\": {\"Access-Control-Allow-Origin\": \"\(origin)\"})")
            }
            transcript.requests.append(request)
        }
    }

    /// `scheme://host[:port]` of a URL, as CORS headers name it.
    static func origin(of url: String) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return "null" }
        return "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")"
    }

    static func formatVirtual(_ milliseconds: Double) -> String {
        milliseconds >= 1000 && milliseconds.truncatingRemainder(dividingBy: 1000) == 0
            ? "\(Int(milliseconds / 1000)) s" : "\(milliseconds) ms"
    }

    mutating func collectEvents(_ page: PageContext, finalize: Bool) {
        collectRejections(page)
        takeRequests(page, phase: finalize ? "finalize" : "run", replacingPhase: false)
        guard let events = try? page.takeEvents() else { return }
        for event in events {
            switch event.kind {
            case "console":
                let message = Transcript.ConsoleMessage(level: event.level ?? "log", text: event.text ?? "")
                if finalize { transcript.finalize.console.append(message) } else { transcript.console.append(message) }
            case "alert", "confirm", "prompt":
                let dialog = Transcript.Dialog(type: event.kind, message: event.message ?? "", answer: event.answer)
                if finalize {
                    transcript.finalize.dialogs.append(dialog)
                    if event.kind == "alert" { transcript.finalize.alerts.append(dialog.message) }
                } else {
                    transcript.dialogs.append(dialog)
                }
            case "navigation":
                let navigation = Transcript.Navigation(method: event.method ?? "href", url: event.url ?? "")
                if finalize { transcript.finalize.navigations.append(navigation) } else { transcript.navigations.append(navigation) }
            case "unsupported":
                diagnose(.warning, "unsupported-api",
                         "the script used \(event.api ?? "an API"), which the simulator does not model; on a device it behaves differently",
                         line: event.location?.line, column: event.location?.column, file: event.location?.file)
            case "page-error":
                diagnose(.warning, "uncaught-exception", event.message ?? "an uncaught exception")
            default:
                break
            }
        }
    }

    /// Ends the `--trace` timeline and puts it in the transcript.
    mutating func finishTrace() {
        guard request.trace else { return }
        tracer.phase = "end"
        let errors = transcript.diagnostics.filter { $0.severity == .error }.map(\.code)
        tracer.record(.end, errors.isEmpty ? "exchange ended without errors" : "exchange ended with errors: " + errors.joined(separator: ", "))
        transcript.trace = tracer.events
    }

    /// Hands the results to the request handler as Safari does and waits for `completeRequest`.
    /// Returns the finalize arguments, or nil when finalize is not to be called.
    mutating func runHandler(results: PropertyListValue?) -> PropertyListValue? {
        let log = ExtensionActivityLog()
        var payload: [String: Any] = [:]
        if let results { payload[NSExtensionJavaScriptPreprocessingResultsKey] = results.foundationObject }
        let provider = NSItemProvider(item: NSDictionary(dictionary: payload), typeIdentifier: kUTTypePropertyList, log: log)
        let item = NSExtensionItem()
        item.attachments = [provider]
        let context = NSExtensionContext(inputItems: [item], log: log)
        tracer.phase = "handler"
        if tracer.enabled {
            var lines = ["NSLog(@\"%@\", extensionContext.inputItems) would print:", "("]
            lines.append("    \(item)")
            lines.append(")")
            lines.append("item.attachments[0] holds a \(kUTTypePropertyList) item:")
            lines += PropertyListValue.dictionary(results.map { [NSExtensionJavaScriptPreprocessingResultsKey: $0] } ?? [:])
                .nslogDescription().split(separator: "\n").map(String.init)
            tracer.record(.extensionItems, "1 NSExtensionItem handed to \(request.handlerName).beginRequest(with:)", details: lines)
        }
        request.handler.beginRequest(with: context)
        _ = log.waitUntilSettled(before: Date().addingTimeInterval(request.handlerTimeout))
        transcript.handler.calls = log.calls
        for call in log.calls {
            if call.hasPrefix("NSExtensionContext.completeRequest") || call.hasPrefix("NSExtensionContext.cancelRequest") {
                var lines: [String] = []
                if case .completed(let items)? = log.ending {
                    for case let returned as NSExtensionItem in items ?? [] {
                        lines.append("\(returned)")
                        for provider in returned.attachments ?? [] {
                            guard let stored = provider.storedItem(conformingTo: kUTTypePropertyList), let object = stored else { continue }
                            var problems: [String] = []
                            if let value = PropertyListValue(foundationObject: object, problems: &problems) {
                                lines += value.nslogDescription().split(separator: "\n").map { "    " + $0 }
                            }
                        }
                    }
                }
                tracer.record(.completeRequest, call, details: lines)
            } else {
                tracer.record(.handlerCall, call)
            }
        }
        guard let ending = log.ending else {
            diagnose(.error, "handler-not-completed",
                     "the request handler did not call completeRequest(returningItems:) within \(JavaScriptContext.formatSeconds(request.handlerTimeout)); on a device the extension never finishes and finalize is not called",
                     file: nil)
            return nil
        }
        transcript.handler.completed = true
        for problem in log.extraEndings {
            diagnose(.error, "handler-completed-twice", problem, file: nil)
        }
        switch ending {
        case .cancelled(let error):
            transcript.handler.cancelled = error
            return nil
        case .completed(let items):
            transcript.handler.returnedItems = items?.count
            return finalizeArguments(in: items)
        }
    }

    /// Finds `[NSExtensionJavaScriptFinalizeArgumentKey: dict]` in the returned items, as Safari does.
    mutating func finalizeArguments(in items: [Any]?) -> PropertyListValue? {
        for case let item as NSExtensionItem in items ?? [] {
            for provider in item.attachments ?? [] {
                guard let stored = provider.storedItem(conformingTo: kUTTypePropertyList), let object = stored else { continue }
                var problems: [String] = []
                guard let value = PropertyListValue(foundationObject: object, problems: &problems),
                      case .dictionary(let dictionary) = value else { continue }
                for problem in problems {
                    diagnose(.warning, "not-plist-value", "the handler returned \(problem)", file: nil)
                }
                if let arguments = dictionary[NSExtensionJavaScriptFinalizeArgumentKey] {
                    transcript.handler.finalizeArguments = arguments
                    return arguments
                }
            }
        }
        if let items, !items.isEmpty {
            diagnose(.note, "no-finalize-argument",
                     "the handler returned items, but none holds NSExtensionJavaScriptFinalizeArgumentKey in a property-list attachment, so finalize is not called",
                     file: nil)
        }
        return nil
    }
}
