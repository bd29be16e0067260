import Foundation
import JavaScriptEngine

/// The script's side of an exchange: run, the hand-off of its results, finalize and its effects.
extension Exchange {
    /// What completionFunction saw. The function lives in the page's heap, so it must not keep
    /// the page (or a value of it) alive past the stage: `run` clears `value` on the way out, or
    /// every page of a suite would stay in memory.
    final class CompletionRecorder {
        var value: JavaScriptValue?
        var calls = 0
        var traceEventIndex: Int?
        /// The rejection of the promise an `async run` returned, if it was rejected.
        var rejection: JavaScriptValue?
    }

    /// run({completionFunction}): calls it, runs the page's tasks until completionFunction is
    /// called, and returns the first value it received.
    mutating func run(_ page: PageContext, _ entry: EntryPoint) throws(ExchangeEnded) -> Completion {
        let recorder = CompletionRecorder()
        defer { recorder.value = nil; recorder.rejection = nil }
        let arguments = page.javaScript.makeObject()
        try? arguments.setProperty("completionFunction", makeCompletionFunction(page, recorder))
        lap("inject")
        if let pause = request.debuggerPause {
            pause(DebuggerPause(reason: "before run", location: SourceLocation(file: scriptFile),
                                evaluate: DebuggerStatements.globalEvaluator(page)))
        }
        tracer.record(.runEntered, "ExtensionPreprocessingJS.run({completionFunction}) called")
        do {
            let returned = try entry.run.call([arguments], this: entry.global)
            tracer.record(.runReturned, recorder.value == nil ? "run returned; completionFunction not called yet" : "run returned")
            watchRejection(of: returned, in: page, recorder)
        } catch {
            diagnose(error.timedOut ? .timeout : .runThrew,
                     recorder.value == nil ? "run threw before the extension got its results"
                                           : "run, or the promise jobs it queued, ran on after completionFunction was called", error)
        }
        var ending = LoopEnding.idle
        if !transcript.diagnostics.contains(where: { $0.code == DiagnosticCode.timeout.rawValue }) {
            ending = drainTasks(page, until: { recorder.value != nil || recorder.rejection != nil })
        }
        if let rejection = recorder.rejection, recorder.value == nil {
            diagnose(.runThrew, "run's promise was rejected before the extension got its results",
                     page.javaScript.error(fromValue: rejection))
        }
        transcript.completionCalls = recorder.calls
        lap("run")
        collectEvents(page, finalize: false)
        transcript.clock = .init(deterministic: request.deterministic, start: request.deterministic ? request.now : nil,
                                 seed: request.deterministic ? request.seed : nil,
                                 runEnded: (try? page.virtualTime()) ?? 0, finalizeEnded: nil)
        guard let value = recorder.value else {
            diagnoseMissingCompletion(ending)
            throw ExchangeEnded()
        }
        transcript.completed = true
        if recorder.calls > 1 {
            diagnose(.completionCalledTwice,
                     "completionFunction was called \(recorder.calls) times; only the first call's value reaches the extension")
        }
        return Completion(value: value, traceEventIndex: recorder.traceEventIndex)
    }

    /// The completionFunction handed to run: keeps the first value, counts the calls, traces each.
    func makeCompletionFunction(_ page: PageContext, _ recorder: CompletionRecorder) -> JavaScriptValue {
        let tracer = self.tracer
        return page.javaScript.makeFunction(name: "completionFunction") { [weak page] arguments in
            recorder.calls += 1
            if recorder.value == nil, let page { recorder.value = arguments.first ?? page.javaScript.undefined }
            if tracer.enabled, let page {
                let given = page.describeForTrace(arguments.first ?? page.javaScript.undefined)
                let index = tracer.record(.completionCalled, "completionFunction called\(recorder.calls > 1 ? " again (call \(recorder.calls); ignored)" : "")",
                                          details: ["as JavaScript gave it:        \(given)"], location: page.scriptCallerLocation())
                if recorder.calls == 1 { recorder.traceEventIndex = index }
            }
            return nil
        }
    }

    /// An `async run` that throws returns a rejected promise: watch it, so the failure is
    /// reported as run's (it is why completion never comes) rather than as a stray rejection.
    func watchRejection(of returned: JavaScriptValue, in page: PageContext, _ recorder: CompletionRecorder) {
        guard returned.isObject, (try? returned.property("then"))?.isFunction == true else { return }
        let onRejected = page.javaScript.makeFunction(name: "runRejected") { [weak page] arguments in
            if let page { recorder.rejection = arguments.first ?? page.javaScript.undefined }
            return nil
        }
        _ = try? returned.invoke("then", [page.javaScript.undefined, onRejected])
    }

    /// Says why completionFunction never came, unless an error already did.
    mutating func diagnoseMissingCompletion(_ ending: LoopEnding) {
        guard !transcript.diagnostics.contains(where: { $0.severity == .error && $0.code != DiagnosticCode.unhandledRejection.rawValue }) else { return }
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
        diagnose(.completionNotCalled,
                 "\(why); on a device the share sheet waits forever and the extension receives nothing")
    }

    /// The results as the extension receives them (JavaScriptCore's JS → Foundation bridge).
    mutating func handOff(_ page: PageContext, _ completion: Completion) -> PropertyListValue? {
        // Characters take two bytes in JavaScript and as many again in the transcript.
        let outcome = ResultConversion.convert(completion.value, file: scriptFile,
                                               characterLimit: max(1, request.memoryLimitMegabytes) * 1_048_576 / 4 / 2,
                                               seconds: request.timeout, platformObjectView: page.platformObjectView)
        transcript.results = outcome.value
        if outcome.stopped != nil {
            diagnose(.timeout, "converting the results for the extension (the script's getters, toJSON and proxy traps) ran longer than \(JavaScriptContext.formatSeconds(request.timeout)) and was stopped (raise the limit with --timeout); the extension receives what was converted before")
        }
        if tracer.enabled {
            let received = outcome.value.map { $0.traceDescription } ?? "nil (nothing under the results key)"
            var lines = ["as the extension receives it: \(received)"]
            for diagnostic in outcome.diagnostics { lines.append("  conversion: \(diagnostic.message)") }
            tracer.appendDetails(lines, toEventAt: completion.traceEventIndex)
        }
        transcript.diagnostics += outcome.diagnostics
        if !outcome.diagnostics.isEmpty, outcome.stopped == nil, !outcome.diagnostics.contains(where: { $0.code == DiagnosticCode.resultsTooLarge.rawValue }) {
            // What JSON.stringify makes of them, beside what crossed: it runs their toJSON.
            do { transcript.resultsJSON = try completion.value.json() } catch where error.timedOut {
                diagnose(.timeout, "writing the results as JSON for the transcript ran their toJSON", error)
            } catch {}
        }
        lap("convert")
        return outcome.value
    }

    /// finalize(arguments), in the same page, and the tasks it leaves.
    mutating func finalize(_ page: PageContext, _ entry: EntryPoint, arguments: PropertyListValue) throws(ExchangeEnded) {
        try? page.setPhase("finalize")
        let finalize = (try? entry.global.property("finalize")) ?? page.javaScript.undefined
        guard finalize.isFunction else {
            throw ending(.missingFinalize,
                         "the handler returned finalize arguments, but ExtensionPreprocessingJS has no finalize function; they are dropped")
        }
        transcript.finalize.called = true
        tracer.phase = "finalize"
        sources.addEvalCandidates(from: arguments)
        if request.trace { transcript.htmlBeforeFinalize = try? page.documentHTML() }
        tracer.record(.finalizeEntered, "ExtensionPreprocessingJS.finalize(arguments) called",
                      details: arguments.nslogDescription(escapingNonASCII: false).split(separator: "\n").map(String.init))
        do throws(JavaScriptError) {
            // Building the argument can run the page's code (a setter on Object.prototype, a
            // replaced Date): all of it shares one limit.
            let (built, stopped) = page.javaScript.withExecutionBudget(seconds: request.timeout) {
                Result<JavaScriptValue, JavaScriptError> { () throws(JavaScriptError) in try ResultConversion.javaScriptValue(arguments, in: page.javaScript) }
            }
            if let stopped { throw stopped }
            try finalize.call([try built.get()], this: entry.global)
        } catch {
            diagnose(error.timedOut ? .timeout : .finalizeThrew, "finalize threw", error)
            transcript.finalize.error = "\(error.name): \(error.message)"
        }
        let finalizeEnding = drainTasks(page, until: { false })
        if finalizeEnding == .onlyIntervals || finalizeEnding == .budget {
            diagnose(.finalizeTasksLeft,
                     finalizeEnding == .onlyIntervals
                        ? "setInterval timers were still running after \(Self.formatVirtual(request.virtualTimeBudget)) of virtual time in finalize; the simulation stopped them"
                        : "a timer or request of finalize was still pending after \(Self.formatVirtual(request.virtualTimeBudget)) of virtual time; the simulation stopped waiting")
        }
        transcript.clock?.finalizeEnded = try? page.virtualTime()
    }

    /// A page this large has its run's garbage collected before its HTML is serialised: what
    /// the script left (a walk's node lists) is freed for the serialisation to reuse, rather than
    /// the serialisation growing the heap past it.
    static let collectBeforeSerialisingBytes = 8_000_000

    /// What finalize did to the page: events, the final HTML, and with `--trace` its mutations.
    mutating func recordEffects(_ page: PageContext) {
        collectEvents(page, finalize: true)
        if request.recordsFinalizedHTML || request.trace {
            if request.page.byteCount >= Self.collectBeforeSerialisingBytes { page.javaScript.machine.collectGarbage() }
            transcript.finalize.html = try? page.documentHTML()
        }
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
}
