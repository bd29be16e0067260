import Foundation
import JavaScriptEngine

/// The state of one REPL (`preprocess-sim repl`): the page, and what `.run` received. What it
/// prints goes to `write`; the command line owns the prompt and the input.
public final class ReplSession {
    public let page: PageContext
    /// Where the session's text goes.
    private let write: (String) -> Void
    var scriptSources = ScriptSources()

    /// Builds the page of `loaded` in a virtual machine of its own.
    public init(loaded: LoadedPage, write: @escaping (String) -> Void) throws {
        var configuration = PageContext.Configuration(url: loaded.url)
        configuration.characterSet = loaded.encoding
        configuration.contentType = loaded.mimeType
        for frame in loaded.frames { configuration.frames[frame.url] = frame.html }
        page = try PageContext(html: loaded.html, configuration: configuration, machine: JavaScriptVirtualMachine())
        self.write = write
    }

    /// Evaluates the preprocessing script in the page.
    public func load(script source: String, path: String) {
        scriptSources.files[path] = source
        do {
            try page.javaScript.evaluate(source, sourceURL: path)
        } catch {
            print(scriptSources.exception(error, phase: "inject").rendered)
        }
        printEvents()
    }

    /// Handles one line; false to stop.
    public func handle(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        switch true {
        case trimmed.isEmpty: break
        case trimmed == ".exit" || trimmed == ".quit": return false
        case trimmed == ".help":
            write("""
            expression        evaluate in the page (document, window, the script's globals)
            .run              call ExtensionPreprocessingJS.run and show what completionFunction received
            .finalize {json}  call ExtensionPreprocessingJS.finalize with the JSON object
            .html             print document.documentElement.outerHTML
            .exit             leave

            """)
        case trimmed == ".html":
            write(((try? page.documentHTML()) ?? "") + "\n")
        case trimmed == ".run":
            run()
        case trimmed.hasPrefix(".finalize"):
            finalize(String(trimmed.dropFirst(".finalize".count)).trimmingCharacters(in: .whitespaces))
        case trimmed.hasPrefix("."):
            write("unknown command \(trimmed) (.help lists them)\n")
        default:
            write(DebuggerStatements.globalEvaluator(page)(line) + "\n")
            printEvents()
        }
        return true
    }

    private func run() {
        try? page.setPhase("run")
        var received: JavaScriptValue?
        let completion = page.javaScript.makeFunction(name: "completionFunction") { arguments in
            if received == nil { received = arguments.first }
            return nil
        }
        defer { received = nil }
        let arguments = page.javaScript.makeObject()
        try? arguments.setProperty("completionFunction", completion)
        do {
            let global = try page.extensionObject()
            guard global.isObject, (try? global.property("run"))?.isFunction == true else {
                write("ExtensionPreprocessingJS.run is not defined (load a script with --script)\n")
                return
            }
            _ = try global.invoke("run", [arguments])
        } catch {
            print(scriptSources.exception(error, phase: "run").rendered)
        }
        drainTasks(until: { received != nil })
        printEvents()
        if let received {
            write("completionFunction received: \(page.describeForTrace(received))\n")
            let converted = ResultConversion.convert(received, file: "repl", platformObjectView: page.platformObjectView)
            write("the extension receives: \(converted.value?.traceDescription ?? "nil")\n")
        } else {
            write("completionFunction was not called\n")
        }
    }

    private func finalize(_ json: String) {
        try? page.setPhase("finalize")
        let value: PropertyListValue
        do {
            value = try PropertyListValue(json: Data((json.isEmpty ? "{}" : json).utf8))
        } catch {
            write(".finalize takes a JSON object: \(error.localizedDescription)\n")
            return
        }
        scriptSources.addEvalCandidates(from: value)
        do {
            let global = try page.extensionObject()
            guard global.isObject, (try? global.property("finalize"))?.isFunction == true else {
                write("ExtensionPreprocessingJS.finalize is not defined\n")
                return
            }
            _ = try global.invoke("finalize", [ResultConversion.javaScriptValue(value, in: page.javaScript)])
            write("finalize returned\n")
        } catch {
            print(scriptSources.exception(error, phase: "finalize").rendered)
        }
        drainTasks(until: { false })
        printEvents()
    }

    /// Runs the page's tasks as a run's phase does (`PageEventLoop`, the run's default
    /// virtual-time budget), printing what a task threw and the promises nothing handled.
    private func drainTasks(until done: () -> Bool) {
        _ = PageEventLoop.drain(page, budget: RunRequest.defaultVirtualTimeBudget, until: done) { problem in
            switch problem {
            case .taskThrew(let error):
                print(scriptSources.exception(error, phase: "task").rendered)
            case .unhandledRejection(let rejection):
                write("a promise was rejected and nothing handled it: \(rejection.name): \(rejection.message)\n")
            }
        }
    }

    private func print(_ lines: [String]) {
        write(lines.joined(separator: "\n") + "\n")
    }

    /// Console messages, dialogs and navigations since the last command.
    private func printEvents() {
        for event in (try? page.takeEvents()) ?? [] {
            switch event.kind {
            case "console": write("[console.\(event.level ?? "log")] \(event.text ?? "")\n")
            case "alert", "confirm", "prompt": write("[\(event.kind)] \(event.message ?? "")\n")
            case "navigation": write("[navigation \(event.method ?? "")] \(event.url ?? "")\n")
            default: break
            }
        }
    }
}
