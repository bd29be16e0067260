import Foundation

/// `preprocess-sim repl --page PAGE [--script FILE]`: a prompt in the loaded page for trying
/// selectors and expressions, with `.run`, `.finalize {json}`, `.html` and `.exit`.
///
/// ```
/// $ echo 'document.title' | preprocess-sim repl --page Pages/hukumusume-fable.html
/// "欲張りなイヌ"
/// ```
public struct ReplCommand: Equatable {
    public var pagePath: String
    public var scriptPath: String?
    public var url: String?
    public var selectText: String?

    static func parse(_ arguments: [String]) throws -> ReplCommand {
        var page: String?, script: String?, url: String?, select: String?
        var reader = ArgumentReader(arguments, command: "repl")
        try reader.parse { name, value in
            switch name {
            case "--page": page = try value()
            case "--script": script = try value()
            case "--url": url = try value()
            case "--select": select = try value()
            default: return false
            }
            return true
        }
        if let extra = reader.positionals.first { throw UsageError("unexpected argument '\(extra)'", command: "repl") }
        guard let page else { throw UsageError("repl needs --page FILE", command: "repl") }
        return ReplCommand(pagePath: page, scriptPath: script, url: url, selectText: select)
    }

    /// Reads commands from `input` (stdin by default) until `.exit` or the end of input.
    func execute(output: Output, input: @escaping () -> String? = { readLine(strippingNewline: true) },
                 interactive: Bool = isatty(STDIN_FILENO) != 0) -> Int32 {
        let loaded: LoadedPage
        do {
            loaded = try PageLoader.load(path: pagePath, options: PageLoadOptions(url: url))
        } catch let error as PageLoadError {
            output.error("\(error.path): error: \(error.message) [\(error.code)]")
            return PreprocessSim.ExitCode.usage
        } catch {
            output.error("\(pagePath): error: \(error) [page-unreadable]")
            return PreprocessSim.ExitCode.usage
        }
        var configuration = PageContext.Configuration(url: loaded.url)
        configuration.characterSet = loaded.encoding
        configuration.contentType = loaded.mimeType
        for frame in loaded.frames { configuration.frames[frame.url] = frame.html }
        let page: PageContext
        do {
            page = try PageContext(html: loaded.html, configuration: configuration, machine: JavaScriptVirtualMachine())
        } catch {
            output.error("\(pagePath): error: the simulator could not build this page: \(error) [internal-error]")
            return PreprocessSim.ExitCode.failure
        }
        let session = ReplSession(page: page, output: output)
        if let selectText, (try? page.selectText(selectText)) != true {
            output.error("preprocess-sim: warning: the page has no text matching '\(selectText)'")
        }
        try? page.setPhase("run")
        if let scriptPath {
            guard let data = FileManager.default.contents(atPath: scriptPath) else {
                output.error("\(scriptPath): error: cannot read the preprocessing script [script-unreadable]")
                return PreprocessSim.ExitCode.usage
            }
            session.load(script: String(decoding: data, as: UTF8.self), path: scriptPath)
        }
        if interactive {
            output.write("preprocess-sim repl: \(loaded.url) — expressions run in the page; .run, .finalize {json}, .html, .help, .exit\n")
        }
        while true {
            if interactive { output.write("> ") }
            guard let line = input() else { break }
            if !session.handle(line) { break }
        }
        return PreprocessSim.ExitCode.success
    }
}

/// The state of one REPL: the page, and what `.run` received.
final class ReplSession {
    let page: PageContext
    let output: Output
    var scriptSources = ScriptSources()

    init(page: PageContext, output: Output) {
        self.page = page
        self.output = output
    }

    func load(script source: String, path: String) {
        scriptSources.files[path] = source
        do {
            try page.javaScript.evaluate(source, sourceURL: path)
        } catch let error as JavaScriptError {
            print(scriptSources.exception(error, phase: "inject").rendered)
        } catch {}
        printEvents()
    }

    /// Handles one line; false to stop.
    func handle(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        switch true {
        case trimmed.isEmpty: break
        case trimmed == ".exit" || trimmed == ".quit": return false
        case trimmed == ".help":
            output.write("""
            expression        evaluate in the page (document, window, the script's globals)
            .run              call ExtensionPreprocessingJS.run and show what completionFunction received
            .finalize {json}  call ExtensionPreprocessingJS.finalize with the JSON object
            .html             print document.documentElement.outerHTML
            .exit             leave

            """)
        case trimmed == ".html":
            output.write(((try? page.documentHTML()) ?? "") + "\n")
        case trimmed == ".run":
            run()
        case trimmed.hasPrefix(".finalize"):
            finalize(String(trimmed.dropFirst(".finalize".count)).trimmingCharacters(in: .whitespaces))
        case trimmed.hasPrefix("."):
            output.write("unknown command \(trimmed) (.help lists them)\n")
        default:
            output.write(DebuggerStatements.globalEvaluator(page)(line) + "\n")
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
            let global = try page.javaScript.evaluate("typeof ExtensionPreprocessingJS === 'undefined' ? undefined : ExtensionPreprocessingJS",
                                                      sourceURL: "preprocess-sim://lookup")
            guard global.isObject, (try? global.property("run"))?.isFunction == true else {
                output.write("ExtensionPreprocessingJS.run is not defined (load a script with --script)\n")
                return
            }
            _ = try global.invoke("run", [arguments])
        } catch let error as JavaScriptError {
            print(scriptSources.exception(error, phase: "run").rendered)
        } catch {}
        drainTasks(until: { received != nil })
        printEvents()
        if let received {
            output.write("completionFunction received: \(page.describeForTrace(received))\n")
            let converted = ResultConversion.convert(received, file: "repl", platformObjectView: page.platformObjectView)
            output.write("the extension receives: \(converted.value?.traceDescription ?? "nil")\n")
        } else {
            output.write("completionFunction was not called\n")
        }
    }

    private func finalize(_ json: String) {
        try? page.setPhase("finalize")
        let value: PropertyListValue
        do {
            value = try PropertyListValue(json: Data((json.isEmpty ? "{}" : json).utf8))
        } catch {
            output.write(".finalize takes a JSON object: \(error.localizedDescription)\n")
            return
        }
        scriptSources.addEvalCandidates(from: value)
        do {
            let global = try page.javaScript.evaluate("typeof ExtensionPreprocessingJS === 'undefined' ? undefined : ExtensionPreprocessingJS",
                                                      sourceURL: "preprocess-sim://lookup")
            guard global.isObject, (try? global.property("finalize"))?.isFunction == true else {
                output.write("ExtensionPreprocessingJS.finalize is not defined\n")
                return
            }
            _ = try global.invoke("finalize", [ResultConversion.javaScriptValue(value, in: page.javaScript)])
            output.write("finalize returned\n")
        } catch let error as JavaScriptError {
            print(scriptSources.exception(error, phase: "finalize").rendered)
        } catch {}
        drainTasks(until: { false })
        printEvents()
    }

    /// Runs due timers for up to a minute of virtual time.
    private func drainTasks(until done: () -> Bool) {
        let deadline = ((try? page.virtualTime()) ?? 0) + 60_000
        while !done(), (try? page.runNextTask(budgetMilliseconds: deadline)) == true {}
    }

    private func print(_ lines: [String]) {
        output.write(lines.joined(separator: "\n") + "\n")
    }

    /// Console messages, dialogs and navigations since the last command.
    private func printEvents() {
        for event in (try? page.takeEvents()) ?? [] {
            switch event.kind {
            case "console": output.write("[console.\(event.level ?? "log")] \(event.text ?? "")\n")
            case "alert", "confirm", "prompt": output.write("[\(event.kind)] \(event.message ?? "")\n")
            case "navigation": output.write("[navigation \(event.method ?? "")] \(event.url ?? "")\n")
            default: break
            }
        }
    }
}

/// `--inspect`: what can be done about WebKit's remote inspector, and the prompt that stops the
/// script instead.
enum Inspector {
    /// Tries the remote inspector and says on stderr what happened.
    static func announce(output: Output) {
        let probe = InspectorProbe.run()
        for line in probe.report { output.error("preprocess-sim: inspect: \(line)") }
    }

    /// The pause handler: a prompt on stdin until `.continue` or the end of input. When stdin is
    /// not a terminal and has nothing to read, the run goes on at once.
    static func prompt(output: Output, input: @escaping () -> String? = { readLine(strippingNewline: true) }) -> (DebuggerPause) -> Void {
        let interactive = isatty(STDIN_FILENO) != 0
        return { pause in
            output.error("paused (\(pause.reason)\(pause.location.map { " at \($0)" } ?? "")): type expressions; .continue (or end of input) goes on")
            while true {
                if interactive { output.error("debug> ") }
                guard let line = input() else { return }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed == ".continue" || trimmed == ".c" { return }
                if trimmed.isEmpty { continue }
                output.error(pause.evaluate(line))
            }
        }
    }
}
