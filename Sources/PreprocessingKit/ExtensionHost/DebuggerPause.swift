import Foundation
import JavaScriptEngine

/// A place where `--inspect` stopped the script: before `run`, or at a `debugger;` statement.
///
/// WebKitGTK's JavaScriptCore can mark a bare context inspectable
/// (`JSGlobalContextSetInspectable`) and start its remote-inspector client
/// (`JSRemoteInspectorStart`), but outside a WebKitGTK UI process no inspector server exists
/// to connect to, so nothing can attach (see docs/debugging.md and `InspectorProbe`). This is
/// the closest useful thing: the script stops and a prompt evaluates expressions there.
public struct DebuggerPause {
    /// "before run" or "debugger statement".
    public var reason: String
    /// Where the script stopped (the `debugger;` statement), if known.
    public var location: SourceLocation?
    /// Evaluates an expression at that place (a `debugger;` stop sees the function's local
    /// variables) and returns the value as JavaScript shows it, or the exception.
    public var evaluate: (String) -> String
}

public enum DebuggerStatements {
    /// The global function a rewritten `debugger;` statement calls.
    static let hookName = "__preprocessSimDebugger"

    /// Replaces each `debugger;` statement with a call that hands the native side an arrow
    /// function doing a direct `eval`: that closure sees the local scope (and `this`) of the
    /// place it replaced, which is what a debugger's console sees. Statements in strings or
    /// comments are rewritten too (a known limitation of a textual rewrite); the line numbers
    /// of everything else stay the same.
    static func rewrite(_ source: String) -> (source: String, count: Int) {
        guard let pattern = try? NSRegularExpression(pattern: #"(?<![\w$.])debugger\s*;?"#) else { return (source, 0) }
        let range = NSRange(source.startIndex..., in: source)
        let count = pattern.numberOfMatches(in: source, range: range)
        guard count > 0 else { return (source, 0) }
        let replacement = "\(hookName)((__expression) => eval(__expression));"
        return (pattern.stringByReplacingMatches(in: source, range: range, withTemplate: replacement), count)
    }

    /// Installs the hook; `pause` is called with the evaluator at each statement.
    static func install(in page: PageContext, pause: @escaping (DebuggerPause) -> Void) {
        let function = page.javaScript.makeFunction(name: hookName) { [weak page] arguments in
            guard let page, let evaluator = arguments.first, evaluator.isFunction else { return nil }
            let location = page.scriptCallerLocation()
            pause(DebuggerPause(reason: "debugger statement", location: location) { expression in
                do {
                    let value = try evaluator.call([page.javaScript.string(expression)])
                    return page.describeForTrace(value)
                } catch let error as JavaScriptError {
                    return "Uncaught \(error.name): \(error.message)"
                } catch {
                    return "Uncaught \(error)"
                }
            })
            return nil
        }
        try? page.javaScript.globalObject.setProperty(hookName, function)
    }

    /// What trying WebKit's remote inspector on a fresh context found, as lines for the terminal.
    public static func inspectorReport() -> [String] {
        InspectorProbe.run().report
    }

    /// An evaluator in the page's global scope (the pause before `run`, the REPL).
    static func globalEvaluator(_ page: PageContext, sourceURL: String = "preprocess-sim://console") -> (String) -> String {
        { [weak page] expression in
            guard let page else { return "(the page is gone)" }
            do {
                let value = try page.javaScript.evaluate(expression, sourceURL: sourceURL)
                return page.describeForTrace(value)
            } catch let error as JavaScriptError {
                return "Uncaught \(error.name): \(error.message)"
            } catch {
                return "Uncaught \(error)"
            }
        }
    }
}
