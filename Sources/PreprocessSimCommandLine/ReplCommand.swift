import Foundation
import PreprocessingKit

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
            output.error("\(pagePath): error: \(error) [\(DiagnosticCode.pageUnreadable)]")
            return PreprocessSim.ExitCode.usage
        }
        let session: ReplSession
        do {
            session = try ReplSession(loaded: loaded, write: output.write)
        } catch {
            output.error("\(pagePath): error: the simulator could not build this page: \(error) [\(DiagnosticCode.internalError)]")
            return PreprocessSim.ExitCode.failure
        }
        if let selectText, (try? session.page.selectText(selectText)) != true {
            output.error("preprocess-sim: warning: the page has no text matching '\(selectText)'")
        }
        try? session.page.setPhase("run")
        if let scriptPath {
            guard let data = FileManager.default.contents(atPath: scriptPath) else {
                output.error("\(scriptPath): error: cannot read the preprocessing script [\(DiagnosticCode.scriptUnreadable)]")
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

/// `--inspect`: what can be done about WebKit's remote inspector, and the prompt that stops the
/// script instead.
enum Inspector {
    /// Tries the remote inspector and says on stderr what happened.
    static func announce(output: Output) {
        for line in DebuggerStatements.inspectorReport() { output.error("preprocess-sim: inspect: \(line)") }
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
