import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit
@testable import JavaScriptEngine

/// The `--trace` timeline, finalize's mutations and diff, exceptions with context.
@Suite struct TraceTests {
    static func seed000Transcript() throws -> Transcript {
        let page = try PageLoader.load(path: Paths.inRepository("Pages/hukumusume-fable.html"))
        var request = RunRequest(scriptPath: Paths.inRepository("Scripts/Action.js"), page: page,
                                 selection: .text("欲張りなイヌ", occurrence: 1),
                                 handler: try #require(BuiltInHandlers.make("example-notes", finalizeArguments: nil)),
                                 handlerName: "example-notes")
        request.trace = true
        return Simulator().run(request)
    }

    static func run(_ script: String, html: String = "<!DOCTYPE html><html><head><title>T</title></head><body>\n<h1>Hello</h1>\n<p>Text</p>\n</body></html>",
                    finalize arguments: PropertyListValue? = nil, trace: Bool = true) throws -> Transcript {
        var options = PageLoadOptions()
        options.url = "https://example.com/page.html"
        let page = try PageLoader.load(data: Data(html.utf8), path: "page.html", options: options)
        let handler: NSExtensionRequestHandling = arguments.map { FinalizeArgumentsHandler(arguments: $0) } ?? NoFinalizeHandler()
        var request = RunRequest(scriptPath: "/scripts/Action.js", scriptSource: script, page: page, handler: handler)
        request.trace = trace
        return Simulator().run(request)
    }

    @Test func seed000TraceListsEveryStepInOrder() throws {
        let transcript = try Self.seed000Transcript()
        let kinds = try #require(transcript.trace).map(\.kind)
        let expected: [TraceEvent.Kind] = [.pageLoaded, .scriptEvaluated, .runEntered, .completionCalled, .runReturned,
                                           .extensionItems, .handlerCall, .handlerCall, .completeRequest,
                                           .finalizeEntered, .dialog, .finalizeEffects, .end]
        #expect(kinds == expected)
    }

    @Test func seed000TraceShowsTheValueOnBothSidesAndTheItemsAsNSLogPrintsThem() throws {
        let trace = try #require(try Self.seed000Transcript().trace)
        let completion = try #require(trace.first { $0.kind == .completionCalled })
        #expect(completion.details.first == "as JavaScript gave it:        {\"args\": \"欲張りなイヌ\"}")
        #expect(completion.details.contains("as the extension receives it: { args = \"欲張りなイヌ\"; }"))
        #expect(completion.location?.description == "Action.js:8:37")
        let items = try #require(trace.first { $0.kind == .extensionItems })
        #expect(items.details.contains("    NSExtensionJavaScriptPreprocessingResultsKey = {"))
        #expect(items.details.contains("        args = \"\\U6b32\\U5f35\\U308a\\U306a\\U30a4\\U30cc\";"))
        let alert = try #require(trace.first { $0.kind == .dialog })
        #expect(alert.summary == "alert(\"已成功添加到筆記應用\")")
        #expect(alert.phase == "finalize")
        #expect(alert.location?.line == 11)
        let complete = try #require(trace.first { $0.kind == .completeRequest })
        #expect(complete.details.contains { $0.contains("NSExtensionJavaScriptFinalizeArgumentKey") })
    }

    @Test func traceEventsCarryVirtualTimeAndScriptLocation() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
              console.log("start");
              setTimeout(function () { a.completionFunction({ ok: true }); }, 250);
            } };
            """)
        let trace = try #require(transcript.trace)
        let console = try #require(trace.first { $0.kind == .console })
        #expect(console.summary == "console.log: start")
        #expect(console.location == SourceLocation(file: "/scripts/Action.js", line: 2, column: 14, function: "run"))
        let timer = try #require(trace.first { $0.kind == .timer })
        #expect(timer.virtualTime == 250)
        #expect(timer.summary == "setTimeout callback #1 runs")
        let completion = try #require(trace.first { $0.kind == .completionCalled })
        #expect((completion.virtualTime ?? 0) >= 250)
        let reals = trace.compactMap(\.realTime)
        #expect(reals == reals.sorted())
    }

    @Test func aRunWithoutTraceRecordsNoTimeline() throws {
        let transcript = try Self.run("var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); } };", trace: false)
        #expect(transcript.trace == nil)
        #expect(transcript.mutations == nil)
        #expect(transcript.htmlBeforeFinalize == nil)
    }

    static let styleAndInsertScript = """
        var ExtensionPreprocessingJS = {
          run: function (a) { a.completionFunction({}); },
          finalize: function (args) {
            document.body.style.backgroundColor = "yellow";
            var note = document.createElement("div");
            note.className = "saved";
            note.textContent = args.message;
            document.body.appendChild(note);
          }
        };
        """

    @Test func finalizeChangingBodyStyleAndInsertingAnElementIsRecorded() throws {
        let transcript = try Self.run(Self.styleAndInsertScript, finalize: .dictionary(["message": .string("done")]))
        let mutations = try #require(transcript.mutations)
        #expect(mutations.count == 2)
        #expect(mutations.first?.type == "style")
        #expect(mutations.first?.target == "html > body")
        #expect(mutations.first?.oldValue == nil)
        #expect(mutations.first?.newValue == "background-color: yellow;")
        #expect(mutations.first?.location?.line == 4)
        #expect(mutations.last?.type == "childList")
        #expect(mutations.last?.target == "html > body")
        #expect(mutations.last?.added == ["<div class=\"saved\">done</div>"])
        // Building the detached div (className, textContent) is not a change of the page.
        #expect(!mutations.contains { $0.target.contains("div") })
    }

    @Test func finalizeDiffShowsTheChangedAndInsertedLines() throws {
        let transcript = try Self.run(Self.styleAndInsertScript, finalize: .dictionary(["message": .string("done")]))
        let diff = try #require(TraceReport.htmlDiff(transcript))
        #expect(diff == """
            --- page before finalize
            +++ page after finalize
            @@ -1,4 +1,4 @@
            -<html><head><title>T</title></head><body>
            +<html><head><title>T</title></head><body style="background-color: yellow;">
             <h1>Hello</h1>
             <p>Text</p>
            -</body></html>
            +<div class="saved">done</div></body></html>

            """)
    }

    @Test func mutationsOfAttributesAndTextHaveOldAndNewValues() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); },
              finalize: function () {
                document.querySelectorAll("p")[0].setAttribute("data-x", "1");
                document.querySelector("#t").firstChild.data = "after";
                document.querySelector("h1").remove();
              } };
            """, html: "<html><body><h1>H</h1><p>a</p><p id=t>before</p></body></html>", finalize: .dictionary([:]))
        let summaries = try #require(transcript.mutations).map(\.summary)
        #expect(summaries == [
            "attribute data-x html > body > p:nth-of-type(1): (none) → \"1\"",
            "text p#t > #text: \"before\" → \"after\"",
            "childList html > body: - <h1>H</h1>",
        ])
    }

    @Test func exceptionInEvaledFinalizeStringShowsTheCaretLine() throws {
        let code = "var x = 1;\n  null.foo();\n//# sourceURL=finalize-code.js"
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); },
              finalize: function (args) { eval(args.code); } };
            """, finalize: .dictionary(["code": .string(code)]), trace: false)
        let exception = try #require(transcript.exceptions?.first)
        #expect(exception.phase == "finalize")
        #expect(exception.location == SourceLocation(file: "finalize-code.js", line: 2, column: 7))
        #expect(exception.rendered == [
            "finalize-code.js:2:7: TypeError: null is not an object (evaluating 'null.foo')",
            "    2 |   null.foo();",
            "      |       ^",
            "  at eval code (finalize-code.js)",
            "  at eval ([native code])",
            "  at finalize (Action.js:2:35)",
        ])
        let diagnostic = try #require(transcript.diagnostics.first { $0.code == "finalize-threw" })
        #expect(diagnostic.file == "finalize-code.js")
        #expect(diagnostic.line == 2)
    }

    @Test func exceptionInTheScriptShowsItsOwnLine() throws {
        let transcript = try Self.run("""
            var ExtensionPreprocessingJS = { run: function (a) {
                var selection = window.getSelection();
                undefinedFunction(selection);
            } };
            """, trace: false)
        let exception = try #require(transcript.exceptions?.first)
        #expect(exception.location?.file == "/scripts/Action.js")
        #expect(exception.sourceLine == "    undefinedFunction(selection);")
        #expect(exception.caretLine == String(repeating: " ", count: (exception.location?.column ?? 1) - 1) + "^")
        #expect(exception.stack.first == "run (Action.js:3:22)")
    }

    @Test func debuggerStatementPausesWithLocalScope() throws {
        var answers: [String] = []
        var options = PageLoadOptions()
        options.url = "https://example.com/"
        let page = try PageLoader.load(data: Data("<title>Paused</title>".utf8), path: "p.html", options: options)
        var request = RunRequest(scriptPath: "Action.js", scriptSource: """
            var ExtensionPreprocessingJS = { run: function (a) {
              var local = "4" + "2";
              debugger;
              a.completionFunction({ local: local });
            } };
            """, page: page)
        var reasons: [String] = []
        request.debuggerPause = { pause in
            reasons.append(pause.reason)
            answers.append(pause.evaluate(pause.reason == "before run" ? "document.title" : "local"))
        }
        let transcript = Simulator().run(request)
        #expect(reasons == ["before run", "debugger statement"])
        #expect(answers == ["\"Paused\"", "\"42\""])
        #expect(transcript.results == .dictionary(["local": .string("42")]))
    }

    @Test func inspectorProbeShowsABareContextHasNoServer() throws {
        let probe = InspectorProbe.run()
        // The GTK build exports the calls and marks the context inspectable...
        #expect(probe.setInspectableFound)
        #expect(probe.contextInspectable)
        #expect(probe.remoteInspectorStarted)
        // ...but nothing serves it: see DebugCommandTests for the port check with an address set.
        #expect(probe.report.contains { $0.contains("cannot be attached to") })
    }
}

@Suite struct HTMLDiffTests {
    @Test func unifiedDiffOfOneChangedLine() {
        let diff = HTMLDiff.unified("a\nb\nc\nd\ne\nf\ng\nh", "a\nb\nc\nd\nE\nf\ng\nh")
        #expect(diff == """
            --- before
            +++ after
            @@ -2,7 +2,7 @@
             b
             c
             d
            -e
            +E
             f
             g
             h

            """)
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(HTMLDiff.unified("same\ntext", "same\ntext") == "")
    }

    @Test func distantChangesMakeSeparateHunks() {
        let old = (1...20).map(String.init).joined(separator: "\n")
        let new = old.replacingOccurrences(of: "\n2\n", with: "\ntwo\n").replacingOccurrences(of: "\n19\n", with: "\n")
        let diff = HTMLDiff.unified(old, new, context: 1)
        #expect(diff == """
            --- before
            +++ after
            @@ -1,3 +1,3 @@
             1
            -2
            +two
             3
            @@ -18,3 +18,2 @@
             18
            -19
             20

            """)
    }

    @Test func insertionsIntoAnEmptyText() {
        let result = HTMLDiff.lines("", "x\ny")
        #expect(result.script == [.inserted("x"), .inserted("y")])
        #expect(result.insertions == 2 && result.deletions == 0)
    }

    @Test func minimalScriptForInterleavedChanges() {
        let result = HTMLDiff.lines("a\nb\nc\na\nb\nb\na", "c\nb\na\nb\na\nc")
        // Myers' example (ABCABBA → CBABAC): the shortest edit script has 5 edits.
        #expect(result.insertions + result.deletions == 5)
        let rebuilt = result.script.compactMap { line -> String? in
            switch line { case .same(let t), .inserted(let t): return t; case .deleted: return nil }
        }
        #expect(rebuilt == ["c", "b", "a", "b", "a", "c"])
    }
}
