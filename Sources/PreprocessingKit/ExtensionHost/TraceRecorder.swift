import Foundation
import JavaScriptEngine

/// Builds a run's `--trace` timeline. The page's own events (console, dialogs, timers,
/// requests, mutations) wait in the page until `flush` takes them, which happens before every
/// step the simulator itself records, so the timeline stays in the order things happened.
/// A class, because `completionFunction`'s native closure records into it while JS runs.
final class TraceRecorder {
    let enabled: Bool
    let deterministic: Bool
    /// Wall-clock milliseconds since 1970 when the run started; the page measures from it too.
    let realStart: Double
    weak var page: PageContext?
    private(set) var events: [TraceEvent] = []
    /// The phase Swift-side events are tagged with.
    var phase = "load"

    init(enabled: Bool, deterministic: Bool) {
        self.enabled = enabled
        self.deterministic = deterministic
        realStart = Date().timeIntervalSince1970 * 1000
    }

    /// Attaches the page and starts its side of the trace.
    func attach(_ page: PageContext) {
        guard enabled else { return }
        self.page = page
        try? page.startTrace(realStart: realStart)
    }

    /// Takes the page's events recorded since the last flush.
    func flush() {
        guard enabled, let page, let json = try? page.takeTraceJSON() else { return }
        guard let raw = try? JSONDecoder().decode([RawPageTraceEvent].self, from: Data(json.utf8)) else { return }
        for event in raw {
            guard var converted = event.traceEvent else { continue }
            // The page's clock has whole milliseconds: keep the timeline's real times in order.
            if let real = converted.realTime, let previous = events.last?.realTime, real < previous { converted.realTime = previous }
            if deterministic { converted.realTime = nil }
            events.append(converted)
        }
    }

    /// Records a step of the simulator, after the page's events that came before it. The summary
    /// and details are only worked out with tracing on: a run without `--trace` would describe
    /// every stage's values (a finalize argument as NSLog prints it) for nothing.
    @discardableResult
    func record(_ kind: TraceEvent.Kind, _ summary: @autoclosure () -> String, details: @autoclosure () -> [String] = [],
                location: SourceLocation? = nil) -> Int? {
        guard enabled else { return nil }
        let summary = summary(), details = details()
        flush()
        let virtualTime = (try? page?.virtualTime()) ?? nil
        let realTime = deterministic ? nil : Date().timeIntervalSince1970 * 1000 - realStart
        events.append(TraceEvent(kind: kind, phase: phase, virtualTime: virtualTime, realTime: realTime,
                                 location: location, summary: summary, details: details))
        return events.count - 1
    }

    /// Adds lines to an event recorded earlier (the received value of `completionFunction`,
    /// known only after the conversion).
    func appendDetails(_ lines: [String], toEventAt index: Int?) {
        guard let index, events.indices.contains(index) else { return }
        events[index].details += lines
    }
}

/// An event as the page's MutationLog.js/EventRecorder.js record it (a superset of fields).
private struct RawPageTraceEvent: Decodable {
    var kind: String
    var phase: String?
    var virtualTime: Double?
    var realTime: Double?
    var location: SourceLocation?
    var level: String?
    var text: String?
    var message: String?
    var answer: PropertyListValue?
    var method: String?
    var url: String?
    var api: String?
    var taskKind: String?
    var taskId: Int?
    var request: Transcript.Request?
    var type: String?
    var target: String?
    var attribute: String?
    var oldValue: String?
    var newValue: String?
    var added: [String]?
    var removed: [String]?

    var traceEvent: TraceEvent? {
        let kindAndSummary: (TraceEvent.Kind, String)
        var details: [String] = []
        switch kind {
        case "console":
            kindAndSummary = (.console, "console.\(level ?? "log"): \(text ?? "")")
        case "alert", "confirm", "prompt":
            let quoted = DOMMutation.quote(message ?? "")
            var summary = "\(kind)(\(quoted))"
            if let answer { summary += " → \(answer.traceDescription)" }
            kindAndSummary = (.dialog, summary)
        case "navigation":
            kindAndSummary = (.navigation, "navigation (\(method ?? "href")) to \(url ?? "") — recorded, not followed")
        case "unsupported":
            kindAndSummary = (.unsupported, "used \(api ?? "an API") the simulator does not model")
        case "timer":
            let name = ["timeout": "setTimeout", "interval": "setInterval", "frame": "requestAnimationFrame",
                        "idle": "requestIdleCallback"][taskKind ?? ""] ?? (taskKind ?? "task")
            kindAndSummary = (.timer, "\(name) callback #\(taskId ?? 0) runs")
        case "request":
            guard let request else { return nil }
            var summary = "\(request.api) \(request.method) \(request.url)"
            if let outcome = request.outcome { summary += " → \(outcome)" }
            if let status = request.status { summary += " \(status)" }
            kindAndSummary = (.request, summary)
        case "mutation":
            let mutation = DOMMutation(type: type ?? "attributes", target: target ?? "", attribute: attribute,
                                       oldValue: oldValue, newValue: newValue, added: added, removed: removed)
            kindAndSummary = (.mutation, mutation.summary)
        case "page-error":
            kindAndSummary = (.exception, "uncaught exception in an event listener: \(message ?? "")")
        default:
            return nil
        }
        if location?.viaEval == true { details.append("(in code run by eval; the location is where eval was called)") }
        return TraceEvent(kind: kindAndSummary.0, phase: phase ?? "run", virtualTime: virtualTime, realTime: realTime,
                          location: location, summary: kindAndSummary.1, details: details)
    }
}

extension PropertyListValue {
    /// The value as `NSLog` prints the Foundation object: OpenStep property-list style
    /// (`{ key = value; }`, `( a, b )`, strings quoted unless plain words).
    /// `escapingNonASCII` false keeps other scripts readable (NSLog itself writes `\U6b32`).
    public func nslogDescription(indent: Int = 0, escapingNonASCII: Bool = true) -> String {
        let pad = String(repeating: "    ", count: indent)
        let inner = String(repeating: "    ", count: indent + 1)
        switch self {
        case .string(let text): return Self.openStepQuoted(text, escapingNonASCII: escapingNonASCII)
        case .integer(let number): return String(number)
        case .real(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .boolean(let flag): return flag ? "1" : "0"
        case .date(let date):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss '+0000'"
            return "\"\(formatter.string(from: date))\""
        case .data(let data): return "{length = \(data.count), bytes = 0x\(data.prefix(8).map { String(format: "%02x", $0) }.joined())\(data.count > 8 ? "..." : "")}"
        case .null: return "\"<null>\""
        case .array(let items):
            if items.isEmpty { return "(\n\(pad))" }
            return "(\n" + items.map { inner + $0.nslogDescription(indent: indent + 1, escapingNonASCII: escapingNonASCII) }.joined(separator: ",\n") + "\n\(pad))"
        case .dictionary(let entries):
            if entries.isEmpty { return "{\n\(pad)}" }
            return "{\n" + entries.keys.sorted().map { key in
                "\(inner)\(Self.openStepQuoted(key, escapingNonASCII: escapingNonASCII)) = \(entries[key]!.nslogDescription(indent: indent + 1, escapingNonASCII: escapingNonASCII));"
            }.joined(separator: "\n") + "\n\(pad)}"
        }
    }

    /// Short one-line form for trace summaries.
    var traceDescription: String {
        nslogDescription(escapingNonASCII: false).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "    ", with: "")
    }

    /// NSString's description rule: quoted unless only letters, digits, `_`, `$`, `.`, `/`, `:`.
    static func openStepQuoted(_ text: String, escapingNonASCII: Bool = true) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.value < 128 && (CharacterSet.alphanumerics.contains($0) || "_$./:".unicodeScalars.contains($0)))
        }
        if plain { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 128 || !escapingNonASCII { escaped.unicodeScalars.append(scalar) } else { escaped += String(format: "\\U%04x", scalar.value) }
            }
        }
        return "\"\(escaped)\""
    }
}
