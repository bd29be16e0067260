import Foundation

/// One step of the exchange on the `--trace` timeline: the script evaluated, `run` entered, a
/// console message, `completionFunction` called, the items handed to the handler, finalize's
/// DOM changes, and so on. The JSON transcript carries the same events under `trace`.
public struct TraceEvent: Codable, Equatable, Sendable {
    /// What happened. The raw values are the `kind` strings of the JSON transcript.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case pageLoaded = "page-loaded"
        case scriptEvaluated = "script-evaluated"
        case runEntered = "run-entered"
        case runReturned = "run-returned"
        case console, dialog, timer, request, navigation, exception, unsupported
        case completionCalled = "completion-called"
        case extensionItems = "extension-items"
        case handlerCall = "handler-call"
        case completeRequest = "complete-request"
        case finalizeEntered = "finalize-entered"
        case mutation
        case finalizeEffects = "finalize-effects"
        case end
    }

    public var kind: Kind
    /// "load", "run", "handler" or "finalize".
    public var phase: String
    /// Milliseconds on the page's virtual clock (what `performance.now()` read then).
    public var virtualTime: Double?
    /// Real milliseconds since the run started (left out of deterministic transcripts).
    public var realTime: Double?
    /// Where in a script it happened.
    public var location: SourceLocation?
    /// One line saying what happened.
    public var summary: String
    /// Further lines: values, the NSLog form of items, a source excerpt, a stack.
    public var details: [String]

    public init(kind: Kind, phase: String, virtualTime: Double? = nil, realTime: Double? = nil,
                location: SourceLocation? = nil, summary: String, details: [String] = []) {
        self.kind = kind
        self.phase = phase
        self.virtualTime = virtualTime
        self.realTime = realTime
        self.location = location
        self.summary = summary
        self.details = details
    }
}

/// A place in a script: file (path or URL), 1-based line and column.
public struct SourceLocation: Codable, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The function running there, as JavaScriptCore names it.
    public var function: String?
    /// The event came from code run by `eval`; JavaScriptCore gives such code no location, so
    /// this is where `eval` was called.
    public var viaEval: Bool?

    public init(file: String, line: Int? = nil, column: Int? = nil, function: String? = nil, viaEval: Bool? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.function = function
        self.viaEval = viaEval
    }

    /// `file:line:column`, with the file's last path component only.
    public var description: String {
        var text = (file as NSString).lastPathComponent.isEmpty ? file : (file as NSString).lastPathComponent
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        return text
    }
}

/// One change finalize made to the page's DOM, recorded as it happened.
public struct DOMMutation: Codable, Equatable, Sendable {
    /// "attributes", "style" (the `style` attribute, also through `element.style`),
    /// "characterData" or "childList".
    public var type: String
    /// A CSS path from the document to the changed node (`html > body > div#main`).
    public var target: String
    public var attribute: String?
    public var oldValue: String?
    public var newValue: String?
    /// Markup (or text) of inserted and removed nodes, cut to one line.
    public var added: [String]?
    public var removed: [String]?
    public var virtualTime: Double?
    public var location: SourceLocation?

    /// One line: `style html > body: "" → "background: red"`.
    public var summary: String {
        switch type {
        case "childList":
            var parts: [String] = []
            for node in added ?? [] { parts.append("+ \(node)") }
            for node in removed ?? [] { parts.append("- \(node)") }
            return "childList \(target): " + parts.joined(separator: "; ")
        case "characterData":
            return "text \(target): \(Self.quote(oldValue)) → \(Self.quote(newValue))"
        default:
            return "\(type == "style" ? "style" : "attribute \(attribute ?? "?")") \(target): \(Self.quote(oldValue)) → \(Self.quote(newValue))"
        }
    }

    static func quote(_ value: String?) -> String {
        guard let value else { return "(none)" }
        let data = (try? JSONEncoder().encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    }
}

/// An exception thrown by the script (or code it `eval`ed), with the source around it.
public struct ScriptException: Codable, Equatable, Sendable {
    /// "inject", "run", "task", "finalize".
    public var phase: String
    public var name: String
    public var message: String
    /// Where it was thrown, mapped to the file it came from (an `eval`ed string is named by its
    /// `//# sourceURL=` comment, else `eval`).
    public var location: SourceLocation?
    /// The line it was thrown on, and a caret line under the column.
    public var sourceLine: String?
    public var caretLine: String?
    /// JavaScriptCore's stack, one frame a line, mapped the same way.
    public var stack: [String]

    /// The report a terminal shows:
    ///
    /// ```
    /// finalize-code.js:2:5: TypeError: null is not an object (evaluating 'null.foo')
    ///     2 | null.foo
    ///       |     ^
    ///   at eval code (finalize-code.js)
    ///   at finalize (Action.js:12:9)
    /// ```
    public var rendered: [String] {
        var lines = ["\(location.map { "\($0): " } ?? "")\(name): \(message)"]
        if let sourceLine, let caretLine, let line = location?.line {
            let number = String(line)
            lines.append("    \(number) | \(sourceLine)")
            lines.append("    \(String(repeating: " ", count: number.count)) | \(caretLine)")
        }
        for frame in stack { lines.append("  at \(frame)") }
        return lines
    }
}
