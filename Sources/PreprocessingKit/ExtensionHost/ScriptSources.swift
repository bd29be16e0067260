import Foundation
import JavaScriptEngine

/// The sources a run's exceptions are mapped back to: the preprocessing script's file, and the
/// strings the page may have `eval`ed (finalize's argument and the results carry them).
///
/// JavaScriptCore (2.50, GTK) gives an exception thrown in `eval`ed code a line and column in
/// that string but no sourceURL, even with a `//# sourceURL=` comment, and its stack frames
/// read `eval code@` with no place. So such an exception is matched to a candidate string: one
/// whose line and column exist; a string with a `//# sourceURL=` comment names the file.
struct ScriptSources {
    /// Source text by the URL it was evaluated with.
    var files: [String: String] = [:]
    /// Strings that may be `eval`ed, in the order they were seen.
    var evalCandidates: [String] = []

    /// Adds every string in `value` (recursively) that looks like code as an eval candidate.
    mutating func addEvalCandidates(from value: PropertyListValue?) {
        guard let value else { return }
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let text) where text.contains("(") || text.contains("=") || text.contains("sourceURL"):
                if !evalCandidates.contains(text) { evalCandidates.append(text) }
            case .array(let items): pending += items.reversed()
            case .dictionary(let entries): pending += entries.keys.sorted().reversed().compactMap { entries[$0] }
            default: break
            }
        }
    }

    /// The `//# sourceURL=name` (or `//@ sourceURL=`) of a source, if it has one.
    static func sourceURLComment(in source: String) -> String? {
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).reversed() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            for prefix in ["//# sourceURL=", "//@ sourceURL="] where trimmed.hasPrefix(prefix) {
                let name = trimmed.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
                if !name.isEmpty { return name }
            }
        }
        return nil
    }

    /// The exception with its source line, caret and mapped stack.
    func exception(_ error: JavaScriptError, phase: String) -> ScriptException {
        var frames = (error.stack ?? "").split(separator: "\n").map(String.init)
        let thrownInEval = error.sourceURL == nil && error.line != nil
            && (frames.first.map { $0.hasSuffix("@") } ?? true)
        var file = error.sourceURL
        var source = file.flatMap { files[$0] }
        var line = error.line
        if let url = file, url == PageContext.bundleURL, let l = line, let mapped = PageContext.bundleLocation(line: l) {
            file = "<simulator DOM>/\(mapped.file)"
            line = mapped.line
            source = nil
        }
        var evalName = "eval"
        if thrownInEval, let line, let candidate = evalSource(line: line, column: error.column ?? 1) {
            source = candidate
            evalName = Self.sourceURLComment(in: candidate) ?? "eval"
            file = evalName
        }
        frames = frames.map { mapFrame($0, evalName: evalName) }
        var sourceLine: String?
        var caretLine: String?
        if let source, let line {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            if line >= 1 && line <= lines.count {
                let text = String(lines[line - 1]).replacingOccurrences(of: "\r", with: "")
                sourceLine = text
                let column = max(1, error.column ?? 1)
                // Tabs stay tabs so that the caret lines up however the terminal shows them.
                let lead = text.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
                caretLine = lead + "^"
            }
        }
        let location = file.map { SourceLocation(file: $0, line: line, column: error.column) }
        return ScriptException(phase: phase, name: error.name, message: error.message, location: location,
                               sourceLine: sourceLine, caretLine: caretLine, stack: frames)
    }

    /// The candidate string an `eval` exception at `line`:`column` came from: one with a
    /// sourceURL comment first, then any whose line is long enough.
    func evalSource(line: Int, column: Int) -> String? {
        func fits(_ text: String) -> Bool {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return line <= lines.count && column <= lines[line - 1].count + 1
        }
        let fitting = evalCandidates.filter(fits)
        return fitting.first { Self.sourceURLComment(in: $0) != nil } ?? fitting.first
    }

    /// `f@file:///x/Action.js:3:9` → `f (Action.js:3:9)`; `eval code@` → `eval code (name)`;
    /// frames of the DOM bundle name the DOM file.
    func mapFrame(_ frame: String, evalName: String) -> String {
        guard let at = frame.lastIndex(of: "@") else { return frame }
        let function = String(frame[..<at])
        let place = String(frame[frame.index(after: at)...])
        let name = function.isEmpty ? "(anonymous)" : function
        if place.isEmpty { return "\(name) (\(evalName))" }
        if place == "[native code]" { return "\(name) ([native code])" }
        if place.hasPrefix(PageContext.bundleURL) {
            let parts = place.dropFirst(PageContext.bundleURL.count).split(separator: ":")
            if let first = parts.first, let bundleLine = Int(first), let mapped = PageContext.bundleLocation(line: bundleLine) {
                return "\(name) (<simulator DOM>/\(mapped.file):\(mapped.line))"
            }
            return "\(name) (<simulator DOM>)"
        }
        // Keep the last path component: the full path is in the header line's location.
        var parts = place.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil {
            let column = parts.removeLast(), line = parts.removeLast()
            let file = parts.joined(separator: ":")
            return "\(name) (\((file as NSString).lastPathComponent):\(line):\(column))"
        }
        return "\(name) (\(place))"
    }
}
