import Foundation
import JavaScriptEngine

/// The page's event loop within an exchange: tasks, page scripts, requests and recorded events.
extension Exchange {
    typealias LoopEnding = PageEventLoop.Ending

    /// Runs the page's tasks until `done`, nothing is left or the phase has used
    /// `virtualTimeBudget` of virtual time (`PageEventLoop`); what goes wrong becomes a diagnostic.
    mutating func drainTasks(_ page: PageContext, until done: () -> Bool) -> LoopEnding {
        PageEventLoop.drain(page, budget: request.virtualTimeBudget, until: done) { report($0) }
    }

    /// Promises rejected with no handler, as diagnostics (on a device: an error in the console).
    mutating func collectRejections(_ page: PageContext) {
        PageEventLoop.takeRejections(page) { report($0) }
    }

    private mutating func report(_ problem: PageEventLoop.Problem) {
        switch problem {
        case .taskThrew(let error):
            diagnose(error.timedOut ? .timeout : .taskThrew, "a timer or event callback threw", error)
        case .unhandledRejection(let rejection):
            diagnose(.unhandledRejection,
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
                try page.startPageScript(index)
                try page.javaScript.evaluate(script.text, sourceURL: name)
            } catch {
                diagnose(error.timedOut ? .pageScriptTimeout : .pageScriptError,
                         "a script of the page threw: \(error.name): \(error.message)",
                         line: error.line, column: error.column, file: name)
            }
            collectRejections(page)
        }
        do { try page.finishPageLoad() } catch {
            diagnose(.pageScriptError, "a load event listener of the page threw: \(error.name): \(error.message)",
                     line: error.line, column: error.column, file: error.sourceURL ?? request.page.url)
        }
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
                diagnose(.fixtureCORSBlocked,
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
                diagnose(.unsupportedAPI,
                         "the script used \(event.api ?? "an API"), which the simulator does not model; on a device it behaves differently",
                         line: event.location?.line, column: event.location?.column, file: event.location?.file)
            case "page-error":
                diagnose(.uncaughtException, event.message ?? "an uncaught exception")
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
}
