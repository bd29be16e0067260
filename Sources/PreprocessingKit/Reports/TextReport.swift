import Foundation

/// The human-readable transcript: the page, what `completionFunction` received, what the
/// handler did, what finalize did, and the diagnostics, in the order they happened.
public enum TextReport {
    public static func render(_ t: Transcript, colours: Bool) -> String {
        let style = Style(enabled: colours)
        var out = ""
        func line(_ text: String = "") { out += text + "\n" }

        line(style.bold("Page") + "      \(t.page.path)")
        line("  URL       \(t.page.url)  (\(t.page.urlSource))")
        line("  Encoding  \(t.page.encoding)  (\(t.page.encodingSource)), \(t.page.byteCount) bytes, \(t.page.format)")
        if let title = t.page.title { line("  Title     \(quoted(title))") }
        if let device = t.page.device { line("  Device    \(device)") }
        line(style.bold("Script") + "    \(t.script.path)")
        if let selection = t.selection {
            line(style.bold("Selection") + " \(quoted(selection.requested))\(selection.found ? "" : "  (not found)")")
        }
        line()

        appendPageActivity(&out, console: t.console, dialogs: t.dialogs, navigations: t.navigations, style: style, heading: "During run")
        if t.completed {
            line(style.bold("completionFunction received") + (t.completionCalls > 1 ? " (first of \(t.completionCalls) calls)" : "") + ":")
            line(indent(pretty(t.results), by: 2))
            if let json = t.resultsJSON {
                line("  as JavaScript gave it: \(json)")
            }
        } else {
            line(style.bold("completionFunction was not called") + ": the extension receives nothing.")
        }
        line()

        line(style.bold("Handler") + "   \(t.handler.name)")
        for call in t.handler.calls { line("  \(call)") }
        if let cancelled = t.handler.cancelled { line("  cancelled: \(cancelled)") }
        if let arguments = t.handler.finalizeArguments {
            line("  finalize arguments:")
            line(indent(pretty(arguments), by: 4))
        } else if t.handler.completed {
            line("  no finalize arguments: finalize is not called")
        }
        line()

        if t.finalize.called {
            line(style.bold("finalize") + " ran" + (t.finalize.error.map { ", and threw \($0)" } ?? ""))
            appendPageActivity(&out, console: t.finalize.console, dialogs: t.finalize.dialogs,
                               navigations: t.finalize.navigations, style: style, heading: nil)
            line()
        }

        if !t.diagnostics.isEmpty {
            line(style.bold("Diagnostics"))
            for diagnostic in t.diagnostics {
                line("  " + style.severity(diagnostic.severity, diagnostic.formatted))
            }
            line()
        }
        let errors = t.diagnostics.filter { $0.severity == .error }.count
        let warnings = t.diagnostics.filter { $0.severity == .warning }.count
        line(errors == 0 ? style.green("Completed") + (warnings > 0 ? " with \(warnings) warning(s)" : "")
                         : style.red("Failed") + ": \(errors) error(s), \(warnings) warning(s)")
        return out
    }

    private static func appendPageActivity(_ out: inout String, console: [Transcript.ConsoleMessage], dialogs: [Transcript.Dialog],
                                           navigations: [Transcript.Navigation], style: Style, heading: String?) {
        guard !console.isEmpty || !dialogs.isEmpty || !navigations.isEmpty else { return }
        if let heading { out += style.bold(heading) + "\n" }
        for message in console { out += "  console.\(message.level): \(message.text)\n" }
        for dialog in dialogs {
            let answer = dialog.answer.map { " → \(compact($0))" } ?? ""
            out += "  \(dialog.type): \(quoted(dialog.message))\(answer)\n"
        }
        for navigation in navigations { out += "  navigation (\(navigation.method)): \(navigation.url)  (recorded, not performed)\n" }
        if heading != nil { out += "\n" }
    }

    static func pretty(_ value: PropertyListValue?) -> String {
        guard let value else { return "nil" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "?" }
        return String(decoding: data, as: UTF8.self)
    }

    static func compact(_ value: PropertyListValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "?" }
        return String(decoding: data, as: UTF8.self)
    }

    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(text) else { return "\"\(text)\"" }
        return String(decoding: data, as: UTF8.self)
    }

    static func indent(_ text: String, by spaces: Int) -> String {
        let padding = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { padding + $0 }.joined(separator: "\n")
    }
}

/// ANSI styling, off unless writing to a terminal without NO_COLOR.
struct Style {
    let enabled: Bool
    func wrap(_ code: String, _ text: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    func bold(_ text: String) -> String { wrap("1", text) }
    func red(_ text: String) -> String { wrap("31", text) }
    func green(_ text: String) -> String { wrap("32", text) }
    func yellow(_ text: String) -> String { wrap("33", text) }
    func severity(_ severity: Diagnostic.Severity, _ text: String) -> String {
        switch severity {
        case .error: return red(text)
        case .warning: return yellow(text)
        case .note: return text
        }
    }
}
