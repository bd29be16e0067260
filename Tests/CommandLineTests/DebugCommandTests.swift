import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// Debugging the exchange from the command line: --trace, --diff, --html-out, --watch, --inspect, repl.
@Suite struct DebugCommandTests {
    static let seed000 = ["run", "--script", "Scripts/Action.js", "--page", "Pages/hukumusume-fable.html",
                          "--select", "欲張りなイヌ", "--handler", "example-notes"]

    static let finalizeScript = """
        var ExtensionPreprocessingJS = {
          run: function (a) { a.completionFunction({ title: document.title }); },
          finalize: function (args) {
            document.body.style.color = "red";
            document.body.appendChild(document.createElement("hr"));
          }
        };
        """

    @Test func traceOfSeed000PrintsTheTimelineInOrder() throws {
        let result = try CommandLineRunner.run(Self.seed000 + ["--trace"], environment: ["NO_COLOR": "1"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let kinds = ["page-loaded", "script-evaluated", "run-entered", "completion-called", "run-returned", "extension-items",
                     "handler-call", "complete-request", "finalize-entered", "dialog", "finalize-effects", "end"]
        let text = result.stdout
        var position = text.startIndex
        for kind in kinds {
            let found = try #require(text.range(of: " \(kind) ", range: position..<text.endIndex), "\(kind) missing or out of order")
            position = found.upperBound
        }
        #expect(text.contains("alert(\"已成功添加到筆記應用\")  Action.js:11:14"))
        #expect(!text.contains("\u{1B}["), "no colours when stdout is not a terminal")
    }

    @Test func traceIsInTheJSONTranscript() throws {
        let result = try CommandLineRunner.run(Self.seed000 + ["--trace", "--format", "json", "--deterministic"])
        let trace = try #require(result.json?["trace"] as? [[String: Any]])
        #expect(trace.first?["kind"] as? String == "page-loaded")
        #expect(trace.last?["kind"] as? String == "end")
        #expect(trace.allSatisfy { $0["realTime"] == nil }, "deterministic transcripts leave real time out")
    }

    @Test func diffAndHTMLOutShowWhatFinalizeChanged() throws {
        let script = try CommandLineRunner.temporaryFile(Self.finalizeScript, name: "Action.js")
        let page = try CommandLineRunner.temporaryFile("<html><head><title>D</title></head><body>\n<p>x</p>\n</body></html>", name: "page.html")
        let htmlOut = (page as NSString).deletingLastPathComponent + "/after.html"
        let result = try CommandLineRunner.run(["run", "--script", script, "--page", page, "--handler", "echo", "--diff", "--html-out", htmlOut])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  style html > body: (none) → \"color: red;\"  (Action.js:4:"))
        #expect(result.stdout.contains("  childList html > body: + <hr>"))
        #expect(result.stdout.contains("-<html><head><title>D</title></head><body>\n+<html><head><title>D</title></head><body style=\"color: red;\">\n"))
        let written = try String(contentsOfFile: htmlOut, encoding: .utf8)
        #expect(written == "<!DOCTYPE html>\n<html><head><title>D</title></head><body style=\"color: red;\">\n<p>x</p>\n<hr></body></html>")
    }

    @Test func exceptionInEvaledFinalizeStringShowsTheCaretLine() throws {
        let script = try CommandLineRunner.temporaryFile("""
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); },
              finalize: function (args) { eval(args.code); } };
            """, name: "Action.js")
        let result = try CommandLineRunner.run(["run", "--script", script, "--page", "Pages/daringfireball-colophon.html",
                                                "--finalize-args", #"{"code": "var a = [];\na.push(missing);\n//# sourceURL=handler-code.js"}"#])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("""
            handler-code.js:2:15: ReferenceError: Can't find variable: missing
                2 | a.push(missing);
                  |               ^
              at eval code (handler-code.js)
            """))
    }

    @Test func watchRunsAgainAfterTheScriptChanges() throws {
        let script = try CommandLineRunner.temporaryFile(
            "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ version: 1 }); } };", name: "Action.js")
        let process = Process()
        process.executableURL = CommandLineRunner.binary
        process.arguments = ["run", "--script", script, "--page", "Pages/daringfireball-colophon.html", "--watch"]
        process.currentDirectoryURL = Paths.repository
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        let collected = OutputCollector()
        out.fileHandleForReading.readabilityHandler = { handle in collected.append(handle.availableData) }
        try process.run()
        // SIGKILL: a process spawned from a test thread inherits that thread's blocked signals,
        // so SIGTERM (Process.terminate) may never arrive.
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) }; process.waitUntilExit() }
        #expect(collected.wait(for: "watch: waiting for changes", timeout: 30))
        try "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ version: 2 }); } };"
            .write(toFile: script, atomically: true, encoding: .utf8)
        #expect(collected.wait(for: "watch: run 2 after a change to Action.js", timeout: 30))
        #expect(collected.wait(for: "+    \"version\" : 2", timeout: 30), "\(collected.text)")
        #expect(collected.text.contains("-    \"version\" : 1"))
    }

    /// `--fragment "svg foreignObject"` is the integration point the DOM's `innerHTML` parses
    /// in: HTML inside it stays HTML, whatever case the name is typed in; any other SVG
    /// context makes the same tag an SVG element.
    @Test func dumpTreeParsesAFragmentInAnSVGIntegrationPointAsHTML() throws {
        let page = try CommandLineRunner.temporaryFile("<figure>x</figure>", name: "fragment.html")
        for context in ["svg foreignObject", "svg foreignobject", "svg FOREIGNOBJECT"] {
            let result = try CommandLineRunner.run(["dump-tree", "--fragment", context, page])
            #expect(result.exitCode == 0, "\(context): \(result.stderr)")
            #expect(result.stdout == "| <figure>\n|   \"x\"\n", "\(context)")
        }
        let inGroup = try CommandLineRunner.run(["dump-tree", "--fragment", "svg g", page])
        #expect(inGroup.stdout == "| <svg figure>\n|   \"x\"\n")
    }

    @Test func replAnswersDocumentTitle() throws {
        let result = try CommandLineRunner.run(["repl", "--page", "Pages/hukumusume-fable.html", "--script", "Scripts/Action.js"],
                                               stdin: "document.title\ndocument.querySelectorAll('p').length > 0\n.exit\n")
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\"欲張りなイヌ　＜福娘童話集　きょうのイソップ童話＞\"")
        #expect(lines.dropFirst().first == "true")
    }

    @Test func replRunsAndFinalizes() throws {
        let script = try CommandLineRunner.temporaryFile(Self.finalizeScript + "\nExtensionPreprocessingJS.finalize = function (a) { alert(a.message); };",
                                                         name: "Action.js")
        let result = try CommandLineRunner.run(["repl", "--page", "Pages/daringfireball-colophon.html", "--script", script],
                                               stdin: ".run\n.finalize {\"message\": \"hi\"}\n")
        #expect(result.stdout.contains("completionFunction received: {\"title\": \"Daring Fireball: Colophon\"}"), "\(result.stdout)")
        #expect(result.stdout.contains("[alert] hi\n"))
    }

    @Test func inspectSaysNoServerListensAndStopsAtDebugger() throws {
        let port = 39_000 + Int.random(in: 0..<1000)
        let script = try CommandLineRunner.temporaryFile("""
            var ExtensionPreprocessingJS = { run: function (a) {
              var secret = "s3";
              debugger;
              a.completionFunction({ secret: secret });
            } };
            """, name: "Action.js")
        let result = try CommandLineRunner.run(["run", "--script", script, "--page", "Pages/daringfireball-colophon.html", "--inspect"],
                                               stdin: "document.title\n.continue\nsecret + '!'\n",
                                               environment: ["WEBKIT_INSPECTOR_SERVER": "127.0.0.1:\(port)"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the context is inspectable"))
        #expect(result.stderr.contains("WEBKIT_INSPECTOR_SERVER=127.0.0.1:\(port): nothing listens there"))
        #expect(result.stderr.contains("paused (before run"))
        #expect(result.stderr.contains("\"Daring Fireball: Colophon\"\n"))
        #expect(result.stderr.contains("paused (debugger statement at Action.js:3:"))
        #expect(result.stderr.contains("\"s3!\"\n"))
    }
}

/// Output of a running process, gathered on a background thread.
final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.lock(); data.append(chunk); lock.unlock() }

    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }

    /// Waits until the output contains `needle`; false after `timeout` seconds.
    func wait(for needle: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if text.contains(needle) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
