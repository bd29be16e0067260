import Foundation
import PreprocessingKit

/// The `preprocess-sim` command line: `parse` turns arguments into a command that tests can
/// inspect or run in process; `main` in the executable only calls `PreprocessSim.main`.
///
/// Exit codes: 0 the exchange completed (no error diagnostics); 1 the script, handler or
/// configuration failed (an error diagnostic); 2 bad usage or an unreadable input.
public enum PreprocessSim {
    public typealias ExitCode = ProcessExitCode

    public enum Command: Equatable {
        case run(RunCommand)
        case test(TestCommand)
        case check(CheckCommand)
        case initHandler(InitHandlerCommand)
        case repl(ReplCommand)
        case survey(SurveyCommand)
        case dumpTree(path: String, fragmentContext: String?)
        case help(topic: String?)
        case version
    }

    public static let version = "0.1.0"

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws -> Command {
        guard let first = arguments.first else { return .help(topic: nil) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            return .help(topic: rest.first)
        case "--version", "version":
            return .version
        case "run":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "run") }
            return .run(try RunCommand.parse(rest))
        case "check":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "check") }
            return .check(try CheckCommand.parse(rest))
        case "init-handler":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "init-handler") }
            return .initHandler(try InitHandlerCommand.parse(rest))
        case "test":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "test") }
            return .test(try TestCommand.parse(rest))
        case "repl":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "repl") }
            return .repl(try ReplCommand.parse(rest))
        case "survey":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "survey") }
            return .survey(try SurveyCommand.parse(rest))
        case "__run-case":
            // Hidden: one case of `test`, run in its own process (reads JSON on stdin).
            return .test(.caseProcess)
        case "__run-cases":
            // Hidden: a persistent worker of `test` (one JSON invocation a line on stdin, one
            // framed result per case on stdout; see CaseWorker.swift).
            return .test(.workerProcess)
        case "dump-tree":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "dump-tree") }
            var reader = ArgumentReader(rest, command: "dump-tree")
            var context: String?
            try reader.parse { name, value in
                guard name == "--fragment" else { return false }
                context = try value()
                return true
            }
            guard reader.positionals.count == 1 else { throw UsageError("dump-tree takes one HTML file", command: "dump-tree") }
            return .dumpTree(path: reader.positionals[0], fragmentContext: context)
        default:
            throw UsageError("unknown command '\(first)'")
        }
    }

    /// Runs the command line with your own request handlers offered by name (`--handler NAME`),
    /// as the runner `init-handler` writes does:
    ///
    /// ```swift
    /// exit(PreprocessSim.main(Array(CommandLine.arguments.dropFirst()),
    ///                         handlers: ["Notes": { NotesHandler() }]))
    /// ```
    public static func main(_ arguments: [String], handlers: [String: @Sendable () -> NSExtensionRequestHandling],
                            output: Output = .standard) -> Int32 {
        for (name, make) in handlers { BuiltInHandlers.register(name: name, make: make) }
        return main(arguments, output: output)
    }

    /// Runs the command line and returns the exit code.
    public static func main(_ arguments: [String], output: Output = .standard) -> Int32 {
        let writeError = output.writeError
        LibraryLog.send { writeError(Data(($0 + "\n").utf8)) }
        let command: Command
        do {
            command = try parse(arguments)
        } catch let error as UsageError {
            output.error("preprocess-sim: error: \(error.message)")
            output.error("Run 'preprocess-sim \(error.command.map { "\($0) " } ?? "")--help' for usage.")
            return ExitCode.usage
        } catch {
            output.error("preprocess-sim: error: \(error)")
            return ExitCode.usage
        }
        return execute(command, output: output)
    }

    public static func execute(_ command: Command, output: Output) -> Int32 {
        switch command {
        case .help(let topic):
            guard let text = HelpText.text(for: topic) else {
                output.error("preprocess-sim: error: no help for '\(topic ?? "")'")
                return ExitCode.usage
            }
            output.write(text)
            return ExitCode.success
        case .version:
            output.write("preprocess-sim \(version)\n")
            return ExitCode.success
        case .dumpTree(let path, let context):
            return dumpTree(path: path, fragmentContext: context, output: output)
        case .run(let run):
            return run.execute(output: output)
        case .test(let test):
            return test.execute(output: output)
        case .check(let check):
            return check.execute(output: output)
        case .initHandler(let initHandler):
            return initHandler.execute(output: output)
        case .repl(let repl):
            return repl.execute(output: output)
        case .survey(let survey):
            return survey.execute(output: output)
        }
    }
}

extension PreprocessSim {
    /// `dump-tree`: the page, loaded and decoded as `run` loads it, parsed as Safari parses it,
    /// in html5lib's tree format. `--fragment CONTEXT` parses the file's text as the content
    /// of a CONTEXT element (`td`, `svg path`, `math mi`), as `innerHTML =` does.
    static func dumpTree(path: String, fragmentContext: String?, output: Output) -> Int32 {
        let page: LoadedPage
        do {
            page = try PageLoader.load(path: path)
        } catch let error as PageLoadError {
            output.error("\(error.path): error: \(error.message) [\(error.code)]")
            return ExitCode.usage
        } catch {
            output.error("\(path): error: \(error) [\(DiagnosticCode.pageUnreadable)]")
            return ExitCode.usage
        }
        do {
            try TreeDump.write(page, fragmentContext: fragmentContext) { output.write($0) }
        } catch {
            output.error("preprocess-sim: error: \(error.message)")
            return ExitCode.usage
        }
        return ExitCode.success
    }
}

/// Where the command line writes. Tests capture it; the executable writes to the terminal.
public struct Output: Sendable {
    public let writeOut: @Sendable (Data) -> Void
    public let writeError: @Sendable (Data) -> Void
    /// Colours and terminal-only decorations are on.
    public let isTerminal: Bool

    public init(isTerminal: Bool = false, writeOut: @escaping @Sendable (Data) -> Void, writeError: @escaping @Sendable (Data) -> Void) {
        self.writeOut = writeOut
        self.writeError = writeError
        self.isTerminal = isTerminal
    }

    public static let standard = Output(
        isTerminal: isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil,
        writeOut: { FileHandle.standardOutput.write($0) },
        writeError: { FileHandle.standardError.write($0) })

    public func write(_ text: String) { writeOut(Data(text.utf8)) }
    public func write(bytes: [UInt8]) { writeOut(Data(bytes)) }
    public func error(_ line: String) { writeError(Data((line + "\n").utf8)) }
}
