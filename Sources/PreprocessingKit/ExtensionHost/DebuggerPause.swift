import Foundation

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

enum DebuggerStatements {
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

/// What WebKitGTK's remote inspector does for a bare JavaScriptCore context, found by trying:
/// the functions are exported (`JSGlobalContextSetInspectable`, `JSRemoteInspectorStart`), the
/// context reports itself inspectable, yet no inspector server listens — in WebKitGTK the
/// server lives in the browser's UI process (`WEBKIT_INSPECTOR_SERVER` is read there), and a
/// process with only JavaScriptCore has none for the context to register with.
///
/// The functions are looked up at run time (`dlsym`), as the GTK headers do not declare them.
public struct InspectorProbe: Sendable {
    /// The library exports `JSGlobalContextSetInspectable`.
    public var setInspectableFound: Bool
    /// `JSGlobalContextIsInspectable` answered true after it was set.
    public var contextInspectable: Bool
    /// `JSRemoteInspectorStart` was found and called.
    public var remoteInspectorStarted: Bool
    /// `WEBKIT_INSPECTOR_SERVER` (host:port), if set.
    public var serverAddress: String?
    /// Something accepted a TCP connection at that address after the start.
    public var serverListening: Bool

    /// Lines for the terminal.
    public var report: [String] {
        var lines = [
            "JSGlobalContextSetInspectable: \(setInspectableFound ? "found" : "not exported"); the context is \(contextInspectable ? "" : "not ")inspectable",
            "JSRemoteInspectorStart: \(remoteInspectorStarted ? "called" : "not exported")",
        ]
        if let serverAddress {
            lines.append("WEBKIT_INSPECTOR_SERVER=\(serverAddress): \(serverListening ? "something listens there" : "nothing listens there")")
        }
        if !serverListening {
            lines.append("WebKitGTK serves the inspector from a browser's UI process, so a bare JavaScriptCore context cannot be attached to")
            lines.append("(in a WebKitGTK browser, WEBKIT_INSPECTOR_SERVER=127.0.0.1:9222 and inspector://127.0.0.1:9222 attach to web views only).")
            lines.append("Instead the script stops before run and at each debugger; statement with a prompt on stdin.")
        }
        return lines
    }

    /// Makes a fresh context inspectable, starts the remote inspector and checks for a server.
    public static func run() -> InspectorProbe {
        let handle = dlopen(nil, RTLD_NOW)
        typealias SetInspectable = @convention(c) (OpaquePointer?, Bool) -> Void
        typealias IsInspectable = @convention(c) (OpaquePointer?) -> Bool
        typealias Start = @convention(c) () -> Void
        let context = JavaScriptContext()
        let raw: OpaquePointer? = context.ref
        var probe = InspectorProbe(setInspectableFound: false, contextInspectable: false, remoteInspectorStarted: false,
                                   serverAddress: ProcessInfo.processInfo.environment["WEBKIT_INSPECTOR_SERVER"], serverListening: false)
        if let symbol = dlsym(handle, "JSGlobalContextSetInspectable") {
            probe.setInspectableFound = true
            unsafeBitCast(symbol, to: SetInspectable.self)(raw, true)
        }
        if let symbol = dlsym(handle, "JSGlobalContextIsInspectable") {
            probe.contextInspectable = unsafeBitCast(symbol, to: IsInspectable.self)(raw)
        }
        if let symbol = dlsym(handle, "JSRemoteInspectorStart") {
            unsafeBitCast(symbol, to: Start.self)()
            probe.remoteInspectorStarted = true
        }
        if let address = probe.serverAddress {
            // Give a server that would start asynchronously a moment to listen.
            Thread.sleep(forTimeInterval: 0.3)
            probe.serverListening = canConnect(to: address)
        }
        return probe
    }

    /// A TCP connection to `host:port` succeeds.
    static func canConnect(to address: String) -> Bool {
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...]) else { return false }
        let host = String(address[..<colon])
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return false }
        defer { close(socketDescriptor) }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &socketAddress.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
