import Foundation

/// The `--trace` timeline as terminal text: one line per event with its virtual and real
/// time, phase, what happened and where, then indented details.
///
/// ```
/// trace: Action.js on article.html (handler example-notes)
///   virtual      real  phase     event
///    0.000   12.41 ms  load      page-loaded        page built: https://example.com/ (2048 bytes, UTF-8), title "Example"
///    0.000   13.02 ms  run       script-evaluated   evaluated Action.js (812 bytes)  Action.js:1:1
/// ```
public enum TraceReport {
    public static func render(_ transcript: Transcript, colours: Bool = false) -> String {
        let events = transcript.trace ?? []
        let style = Style(on: colours)
        var output = style.bold("trace: \((transcript.script.path as NSString).lastPathComponent) on \((transcript.page.path as NSString).lastPathComponent) (handler \(transcript.handler.name))") + "\n"
        output += style.dim("   virtual       real  phase     event") + "\n"
        for event in events {
            let virtual = event.virtualTime.map { pad(format($0), 10) } ?? pad("", 10)
            let real = event.realTime.map { pad(format($0) + " ms", 11) } ?? pad("", 11)
            let kind = event.kind.rawValue.padding(toLength: max(18, event.kind.rawValue.count), withPad: " ", startingAt: 0)
            var line = "\(style.dim(virtual)) \(style.dim(real))  \(event.phase.padding(toLength: 8, withPad: " ", startingAt: 0))  "
            line += style.colour(for: event.kind, kind) + " " + event.summary
            if let location = event.location { line += "  " + style.dim(location.description) }
            output += line + "\n"
            for detail in event.details { output += String(repeating: " ", count: 36) + detail + "\n" }
        }
        return output
    }

    /// A unified diff of the page's HTML before and after finalize; nil when finalize did not
    /// run or the trace was not recorded.
    public static func htmlDiff(_ transcript: Transcript, colours: Bool = false) -> String? {
        guard let before = transcript.htmlBeforeFinalize, let after = transcript.finalize.html else { return nil }
        let diff = HTMLDiff.unified(before, after, from: "page before finalize", to: "page after finalize", colours: colours)
        return diff.isEmpty ? "finalize did not change the page's HTML\n" : diff
    }

    /// The mutations finalize made, one a line.
    public static func mutations(_ transcript: Transcript) -> String {
        guard let mutations = transcript.mutations, !mutations.isEmpty else { return "" }
        var output = "DOM mutations during finalize:\n"
        for mutation in mutations {
            output += "  \(mutation.summary)"
            if let location = mutation.location { output += "  (\(location))" }
            output += "\n"
        }
        return output
    }

    /// The exceptions with source line, caret and stack.
    public static func exceptions(_ transcript: Transcript) -> String {
        var output = ""
        for exception in transcript.exceptions ?? [] {
            output += exception.rendered.joined(separator: "\n") + "\n"
        }
        return output
    }

    static func format(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    struct Style {
        let on: Bool
        func wrap(_ code: String, _ text: String) -> String { on ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func bold(_ text: String) -> String { wrap("1", text) }
        func dim(_ text: String) -> String { wrap("2", text) }
        func colour(for kind: TraceEvent.Kind, _ text: String) -> String {
            switch kind {
            case .exception: return wrap("1;31", text)
            case .console, .dialog: return wrap("33", text)
            case .completionCalled, .extensionItems, .completeRequest, .finalizeEntered: return wrap("1;32", text)
            case .mutation, .finalizeEffects: return wrap("35", text)
            case .timer, .request, .navigation: return wrap("36", text)
            default: return wrap("34", text)
            }
        }
    }
}
