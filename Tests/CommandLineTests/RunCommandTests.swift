import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit
@testable import PreprocessSimCommandLine

@Suite struct RunCommandTests {
    static let page = "Pages/daringfireball-colophon.html"

    func run(script: String, _ extra: [String] = []) throws -> CommandResult {
        let path = try CommandLineRunner.temporaryFile(script, name: "Action.js")
        return try CommandLineRunner.run(["run", "--script", path, "--page", Self.page, "--url", "https://daringfireball.net/colophon/",
                                          "--format", "json"] + extra)
    }

    // MARK: The seeds' flows

    /// Only a report that shows the page after finalize has it serialised.
    @Test func thePageAfterFinalizeIsRecordedOnlyForAReportThatShowsIt() throws {
        let page = try PageLoader.load(data: Data("<p>x</p>".utf8), path: "p.html", options: .init())
        for (arguments, records) in [([String](), false), (["--format", "json"], true), (["--format", "plist"], false)] {
            let command = try RunCommand.parse(["--script", "Scripts/ShareScript.js", "--page", "p.html"] + arguments)
            let request = try command.makeRequest(scriptPath: "Scripts/ShareScript.js", page: page, output: Output(writeOut: { _ in }, writeError: { _ in }))
            #expect(request.recordsFinalizedHTML == records, "\(arguments)")
        }
        let diffing = try RunCommand.parse(["--script", "Scripts/ShareScript.js", "--page", "p.html", "--diff"])
        #expect(try diffing.makeRequest(scriptPath: "Scripts/ShareScript.js", page: page, output: Output(writeOut: { _ in }, writeError: { _ in })).trace)
    }

    @Test func seed003ShareScriptSendsTitleURLAndSelection() throws {
        let result = try CommandLineRunner.run([
            "run", "--script", "Scripts/ShareScript.js", "--page", "Pages/mozilla-hacks-fetch.html",
            "--url", "https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/",
            "--select", "of concerns. The input, output", "--format", "json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let results = try #require(result.json?["results"] as? [String: Any])
        #expect(results["title"] as? String == "This API is so Fetching! ✩ Mozilla Hacks – the Web developer blog")
        #expect(results["url"] as? String == "https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/")
        #expect(results["selected"] as? String == "of concerns. The input, output")
        #expect(result.json?["completed"] as? Bool == true)
    }

    @Test func seed000ActionSavesTheNoteAndFinalizeAlertsTheAnswer() throws {
        let result = try CommandLineRunner.run([
            "run", "--script", "Scripts/Action.js", "--page", "Pages/hukumusume-fable.html",
            "--select", "欲張りなイヌ", "--handler", "example-notes", "--format", "json"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let json = try #require(result.json)
        #expect((json["results"] as? [String: Any])?["args"] as? String == "欲張りなイヌ")
        let handler = try #require(json["handler"] as? [String: Any])
        #expect((handler["finalizeArguments"] as? [String: Any])?["message"] as? String == "已成功添加到筆記應用")
        let finalize = try #require(json["finalize"] as? [String: Any])
        #expect(finalize["called"] as? Bool == true)
        #expect(finalize["alerts"] as? [String] == ["已成功添加到筆記應用"])
        #expect((finalize["html"] as? String)?.hasPrefix("<html") == true)
    }

    @Test func textOutputShowsEachStageInOrder() throws {
        let result = try CommandLineRunner.run([
            "run", "--script", "Scripts/Action.js", "--page", "Pages/hukumusume-fable.html",
            "--select", "欲張りなイヌ", "--handler", "example-notes"])
        #expect(result.exitCode == 0)
        let stages = ["Page", "URL", "Encoding", "Script", "Selection", "completionFunction received", "\"args\"",
                      "Handler", "completeRequest", "finalize arguments", "finalize", "alert: \"已成功添加到筆記應用\"", "Completed"]
        var position = result.stdout.startIndex
        for stage in stages {
            let found = result.stdout.range(of: stage, range: position..<result.stdout.endIndex)
            #expect(found != nil, "'\(stage)' missing or out of order in:\n\(result.stdout)")
            if let found { position = found.upperBound }
        }
    }

    @Test func plistFormatPrintsTheExtensionItemPayload() throws {
        let result = try CommandLineRunner.run([
            "run", "--script", "Scripts/ShareScript.js", "--page", Self.page, "--url", "https://daringfireball.net/colophon/",
            "--format", "plist"])
        #expect(result.exitCode == 0)
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(result.stdout.utf8), format: nil) as? [String: Any])
        let results = try #require(plist[NSExtensionJavaScriptPreprocessingResultsKey] as? [String: Any])
        #expect(results["url"] as? String == "https://daringfireball.net/colophon/")
        #expect(results["selected"] as? String == "")
    }

    @Test func echoHandlerSendsTheResultsToFinalize() throws {
        let result = try run(script: """
            var ExtensionPreprocessingJS = {
              run: function (a) { a.completionFunction({ color: "red" }); },
              finalize: function (a) { document.body.style.backgroundColor = a.color; console.log("painted", a.color); }
            };
            """, ["--handler", "echo"])
        #expect(result.exitCode == 0)
        let finalize = try #require(result.json?["finalize"] as? [String: Any])
        #expect((finalize["html"] as? String)?.contains("style=\"background-color: red;\"") == true)
        #expect((finalize["console"] as? [[String: Any]])?.first?["text"] as? String == "painted red")
    }

    @Test func finalizeArgumentsAreReadFromInlineJSON() throws {
        let result = try run(script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); },
              finalize: function (a) { alert(a.n + 1); } };
            """, ["--finalize-args", "{\"n\": 41}"])
        #expect(result.exitCode == 0)
        #expect((result.json?["finalize"] as? [String: Any])?["alerts"] as? [String] == ["42"])
    }

    // MARK: Every diagnostic code, through the command line

    @Test func syntaxErrorsAreReportedWithLineAndColumn() throws {
        let result = try run(script: "var ExtensionPreprocessingJS = {\n  run: function (a) {\n    a.completionFunction({);\n  }\n};\n")
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["syntax-error"])
        let diagnostic = try #require((result.json?["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["line"] as? Int == 3)
        // "    a.completionFunction({);": the ')' JavaScriptCore rejects is in column 27.
        #expect(diagnostic["column"] as? Int == 27)
    }

    @Test func aMissingGlobalIsReported() throws {
        let result = try run(script: "var Other = { run: function (a) { a.completionFunction({}); } };")
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["missing-global"])
    }

    @Test func aMissingRunIsReported() throws {
        let result = try run(script: "var ExtensionPreprocessingJS = { start: function () {} };")
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["missing-run"])
    }

    @Test func anExceptionInRunIsReportedAtItsPlace() throws {
        let result = try run(script: "var ExtensionPreprocessingJS = {\n  run: function (a) {\n    document.getElementById('none').textContent;\n  }\n};\n")
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["run-threw"])
        let diagnostic = try #require((result.json?["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["line"] as? Int == 3)
        #expect((diagnostic["message"] as? String)?.contains("TypeError: null is not an object") == true)
    }

    @Test func anExceptionWhileInjectingIsReported() throws {
        let result = try run(script: "undefinedFunction();\nvar ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); } };")
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["script-threw"])
    }

    @Test func completionNeverCalledIsReported() throws {
        let result = try run(script: "var ExtensionPreprocessingJS = { run: function (a) { } };")
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["completion-not-called"])
        #expect(result.json?["completed"] as? Bool == false)
    }

    @Test func valuesThatDoNotSurviveTheConversionAreWarnings() throws {
        let result = try run(script: """
            var ExtensionPreprocessingJS = { run: function (a) {
              a.completionFunction({ f: function () {}, u: undefined, n: null, nan: NaN, ok: "yes", list: [1, undefined] });
            } };
            """)
        #expect(result.exitCode == 0)
        #expect(result.diagnosticCodes.filter { $0 == "not-plist-value" }.count == 5)
        let results = try #require(result.json?["results"] as? [String: Any])
        #expect(results["ok"] as? String == "yes")
        #expect(results["f"] == nil)
        #expect(results["u"] == nil)
        #expect(results["n"] is NSNull)
    }

    @Test func aBusyLoopInRunTimesOut() throws {
        let start = Date()
        let result = try run(script: "var ExtensionPreprocessingJS = { run: function (a) { while (true) {} } };", ["--timeout", "0.5"])
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["timeout"])
        #expect(Date().timeIntervalSince(start) < 10)
    }

    @Test func aBusyLoopInFinalizeTimesOut() throws {
        let result = try run(script: """
            var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({}); },
              finalize: function () { for (;;) {} } };
            """, ["--handler", "echo", "--timeout", "0.5"])
        #expect(result.exitCode == 1)
        #expect(result.diagnosticCodes == ["timeout"])
    }

    @Test func aSecondCompletionCallIsAWarningAndTheFirstWins() throws {
        let result = try run(script: "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({n: 1}); a.completionFunction({n: 2}); } };")
        #expect(result.exitCode == 0)
        #expect(result.diagnosticCodes == ["completion-called-twice"])
        #expect((result.json?["results"] as? [String: Any])?["n"] as? Int == 1)
    }

    @Test func everyShapeOfTheGlobalIsFound() throws {
        let shapes = [
            "var ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1}); } };",
            "window.ExtensionPreprocessingJS = { run: function (a) { a.completionFunction({ok: 1}); } };",
            "class P { run(a) { a.completionFunction({ok: 1}); } }\nconst ExtensionPreprocessingJS = new P();",
            "let ExtensionPreprocessingJS = { run({ completionFunction }) { completionFunction({ok: 1}); } };",
        ]
        for shape in shapes {
            let result = try run(script: shape)
            #expect(result.exitCode == 0, "\(shape): \(result.stdout)")
            #expect((result.json?["results"] as? [String: Any])?["ok"] as? Int == 1, "\(shape)")
        }
    }

    // MARK: Usage and inputs

    @Test func badUsageExitsWithTwo() throws {
        #expect(try CommandLineRunner.run(["run", "--page", Self.page]).exitCode == 2)
        #expect(try CommandLineRunner.run(["run", "--script", "Scripts/ShareScript.js", "--page", Self.page, "--format", "yaml"]).exitCode == 2)
        #expect(try CommandLineRunner.run(["frobnicate"]).exitCode == 2)
        let unknownHandler = try CommandLineRunner.run(["run", "--script", "Scripts/ShareScript.js", "--page", Self.page, "--handler", "nope"])
        #expect(unknownHandler.exitCode == 2)
        #expect(unknownHandler.stderr.contains("unknown handler 'nope'"))
    }

    @Test func unreadableInputsExitWithTwoAndSayWhich() throws {
        let missingPage = try CommandLineRunner.run(["run", "--script", "Scripts/ShareScript.js", "--page", "Pages/none.html"])
        #expect(missingPage.exitCode == 2)
        #expect(missingPage.stderr.contains("Pages/none.html: error:"))
        let missingScript = try CommandLineRunner.run(["run", "--script", "Scripts/none.js", "--page", Self.page])
        #expect(missingScript.exitCode == 2)
        #expect(missingScript.stderr.contains("Scripts/none.js: error: cannot read"))
        let badJSON = try CommandLineRunner.run(["run", "--script", "Scripts/ShareScript.js", "--page", Self.page, "--finalize-args", "{nope"])
        #expect(badJSON.exitCode == 2)
        #expect(badJSON.stderr.contains("--finalize-args is not valid JSON"))
    }

    @Test func everyCommandHasHelp() throws {
        for command in [["--help"], ["run", "--help"], ["dump-tree", "--help"], ["help", "run"]] {
            let result = try CommandLineRunner.run(command)
            #expect(result.exitCode == 0)
            #expect(result.stdout.contains("USAGE"))
        }
    }

    @Test func selectRangeOptionParsesBothFormsAndRejectsOthers() throws {
        #expect(try RunCommand.parseSelectRange("p.lead@4..20") ==
                .range(startSelector: "p.lead", startOffset: 4, endSelector: "p.lead", endOffset: 20))
        #expect(try RunCommand.parseSelectRange("a[href^='mailto:x@y']@0..#b@3") ==
                .range(startSelector: "a[href^='mailto:x@y']", startOffset: 0, endSelector: "#b", endOffset: 3))
        #expect(throws: UsageError.self) { try RunCommand.parseSelectRange("p4..5") }
        #expect(throws: UsageError.self) { try RunCommand.parseSelectRange("p@-1..p@2") }
    }

    /// `--fixture` is checked where it is split: at the last `=`, so a URL's query may hold one.
    @Test func aFixtureIsCheckedAtTheLastEqualsSign() throws {
        let base = ["--script", "Scripts/ShareScript.js", "--page", "p.html"]
        let command = try RunCommand.parse(base + ["--fixture", "https://example.com/?q=1=data.json"])
        #expect(command.fixtures == ["https://example.com/?q=1=data.json"])
        #expect(throws: UsageError.self) { try RunCommand.parse(base + ["--fixture", "https://example.com/?q="]) }
        #expect(throws: UsageError.self) { try RunCommand.parse(base + ["--fixture", "=data.json"]) }
    }

    @Test func aRegisteredHandlerIsAcceptedByName() throws {
        BuiltInHandlers.register(name: "test-registered-by-name") { EchoHandler() }
        #expect(try PreprocessSim.parse(["run", "--script", "a.js", "--page", "p.html", "--handler", "test-registered-by-name"]) != .version)
    }
}
