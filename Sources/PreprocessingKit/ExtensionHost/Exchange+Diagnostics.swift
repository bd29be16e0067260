import Foundation
import JavaScriptEngine

/// What an exchange records as it goes: stage timings and diagnostics.
extension Exchange {
    /// Adds the time since the last lap to `stage`'s timing.
    mutating func lap(_ stage: String) {
        let now = DispatchTime.now()
        transcript.timings[stage, default: 0] += Double(now.uptimeNanoseconds - stageStart.uptimeNanoseconds) / 1e6
        stageStart = now
    }

    /// The one way a stage ends the run: records the diagnostic and, when the page exists, what
    /// it printed and showed so far; the stage throws what this returns.
    mutating func ending(_ code: DiagnosticCode, _ message: String, line: Int? = nil, column: Int? = nil,
                         file: String? = nil, events page: PageContext? = nil) -> ExchangeEnded {
        diagnose(code, message, line: line, column: column, file: file)
        if let page { collectEvents(page, finalize: false) }
        return ExchangeEnded()
    }

    /// Ends the run with a JavaScript error as the diagnostic (`ending` above).
    mutating func ending(_ code: DiagnosticCode, _ prefix: String, _ error: JavaScriptError,
                         events page: PageContext? = nil) -> ExchangeEnded {
        diagnose(code, prefix, error)
        if let page { collectEvents(page, finalize: false) }
        return ExchangeEnded()
    }

    mutating func diagnose(_ code: DiagnosticCode, _ message: String,
                           line: Int? = nil, column: Int? = nil, file: String? = nil) {
        transcript.diagnostics.append(Diagnostic(code, message, file: file ?? scriptFile, line: line, column: column))
    }

    /// A JavaScript error as a diagnostic at the place it was thrown.
    mutating func diagnose(_ code: DiagnosticCode, _ prefix: String, _ error: JavaScriptError) {
        if !error.timedOut && code != .internalError {
            let phase: String
            switch code {
            case .scriptThrew: phase = "inject"
            case .runThrew: phase = "run"
            case .taskThrew: phase = "task"
            case .finalizeThrew: phase = "finalize"
            default: phase = tracer.phase
            }
            let exception = sources.exception(error, phase: phase)
            transcript.exceptions = (transcript.exceptions ?? []) + [exception]
            tracer.record(.exception, "\(prefix): \(error.name): \(error.message)", details: exception.rendered, location: exception.location)
            if let location = exception.location, error.sourceURL == nil {
                // Thrown in eval'ed code: the diagnostic names the eval'ed source, not the script.
                diagnose(code, "\(prefix): \(error.name): \(error.message)", line: location.line, column: location.column, file: location.file)
                return
            }
        }
        if error.memoryLimitExceeded {
            diagnose(.memoryLimit, "\(prefix): \(error.message) (raise the limit with --memory-limit)")
            return
        }
        if error.timedOut {
            diagnose(.timeout, "\(prefix): \(error.message) (raise the limit with --timeout)")
            return
        }
        var file = error.sourceURL ?? scriptFile
        var line = error.line
        if file == PageContext.bundleURL, let l = line, let mapped = PageContext.bundleLocation(line: l) {
            file = "<simulator DOM>/\(mapped.file)"
            line = mapped.line
        }
        diagnose(code, "\(prefix): \(error.name): \(error.message)", line: line, column: error.column, file: file)
    }
}
