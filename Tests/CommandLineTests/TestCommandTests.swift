import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import PreprocessingKit
@testable import PreprocessSimCommandLine
import TestSupport

/// A suite folder with its own pages and scripts, in a temporary directory.
private func makeSuite(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("test-command-\(UUID().uuidString)")
    for (name, text) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return folder
}

private let goodScript = "var ExtensionPreprocessingJS = { run: function(a) { a.completionFunction({title: document.title}); }, finalize: function(a) { alert(a.title); } };"

@Suite(.serialized) struct TestCommandTests {
    @Test func exampleSuitePasses() throws {
        let result = try CommandLineRunner.run(["test", "Suites/examples.suite.json", "--record", "never"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("passed in"))
        #expect(!result.stdout.contains("FAIL"))
    }

    @Test func loopingAbortingAndHangingCasesFailAloneAndTheOthersRun() throws {
        let folder = try makeSuite([
            "good.js": goodScript,
            "loop.js": "var ExtensionPreprocessingJS = { run: function(a) { while (true) {} } };",
            "page.html": "<title>Page</title><p>Hi</p>",
            "t.suite.json": """
            {"version": 1, "defaults": {"handler": "echo"}, "cases": [
              {"id": "first", "script": "good.js", "page": "page.html", "expect": {"results": {"title": "Page"}}},
              {"id": "loops", "script": "loop.js", "page": "page.html", "timeout": 0.5},
              {"id": "aborts", "script": "good.js", "page": "page.html"},
              {"id": "hangs", "script": "good.js", "page": "page.html", "caseTimeout": 2},
              {"id": "last", "script": "good.js", "page": "page.html", "expect": {"finalize": {"alerts": ["Page"]}}}
            ]}
            """,
        ])
        let junit = folder.appendingPathComponent("junit.xml").path
        let result = try CommandLineRunner.run(["test", "t.suite.json", "--jobs", "2", "--junit", junit],
                                               environment: ["PREPROCESS_SIM_TEST_ABORT": "aborts", "PREPROCESS_SIM_TEST_HANG": "hangs"],
                                               currentDirectory: folder)
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("PASS  first"))
        #expect(result.stdout.contains("PASS  last"))
        #expect(result.stdout.contains("FAIL  loops"))
        #expect(result.stdout.contains("[timeout]") || result.stdout.contains("timeout"))
        #expect(result.stdout.contains("ERROR aborts"))
        #expect(result.stdout.contains("signal 6"))
        #expect(result.stdout.contains("ERROR hangs"))
        #expect(result.stdout.contains("was killed"))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        #expect(document.rootElement()?.attribute(forName: "tests")?.stringValue == "5")
        #expect(document.rootElement()?.attribute(forName: "failures")?.stringValue == "1")
        #expect(document.rootElement()?.attribute(forName: "errors")?.stringValue == "2")
    }

    @Test func snapshotsAreWrittenLocallyRequiredInCIAndUpdatedOnRequest() throws {
        let folder = try makeSuite([
            "s.js": goodScript,
            "page.html": "<title>One</title>",
            "t.suite.json": #"{"version": 1, "scripts": ["s.js"], "pages": ["page.html"], "defaults": {"handler": "echo", "expect": {"snapshot": ["results"]}}}"#,
        ])
        let snapshot = folder.appendingPathComponent("__snapshots__/s@page.json").path
        let ci = try CommandLineRunner.run(["test", "t.suite.json"], environment: ["CI": "1"], currentDirectory: folder)
        #expect(ci.exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: snapshot))
        let local = try CommandLineRunner.run(["test", "t.suite.json"], environment: ["CI": ""], currentDirectory: folder)
        #expect(local.exitCode == 0)
        #expect(try String(contentsOfFile: snapshot, encoding: .utf8).contains(#""title" : "One""#))
        try Data("<title>Two</title>".utf8).write(to: folder.appendingPathComponent("page.html"))
        let changed = try CommandLineRunner.run(["test", "t.suite.json"], environment: ["CI": ""], currentDirectory: folder)
        #expect(changed.exitCode == 1)
        #expect(changed.stdout.contains(#"-     "title" : "One""#))
        #expect(changed.stdout.contains(#"+     "title" : "Two""#))
        let updated = try CommandLineRunner.run(["test", "t.suite.json", "--update-snapshots"], environment: ["CI": ""], currentDirectory: folder)
        #expect(updated.exitCode == 0)
        #expect(try String(contentsOfFile: snapshot, encoding: .utf8).contains(#""title" : "Two""#))
    }

    @Test func shardsOverSeveralRunsCoverEveryCaseOnce() throws {
        let folder = try makeSuite([
            "a.js": goodScript, "b.js": goodScript,
            "p1.html": "<title>1</title>", "p2.html": "<title>2</title>", "p3.html": "<title>3</title>",
            "t.suite.json": #"{"version": 1, "scripts": ["*.js"], "pages": ["*.html"], "matrix": true}"#,
        ])
        var ran: [String] = []
        for k in 1...3 {
            let result = try CommandLineRunner.run(["test", "t.suite.json", "--shard", "\(k)/3"], currentDirectory: folder)
            #expect(result.exitCode == 0, "\(result.stdout)")
            ran += result.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") }.map { String($0.split(separator: " ")[1]) }
        }
        #expect(ran.sorted() == ["a@p1", "a@p2", "a@p3", "b@p1", "b@p2", "b@p3"])
    }

    @Test func htmlReportOfAHostilePageHasNoScriptFromThePage() throws {
        let folder = try makeSuite([
            "s.js": goodScript,
            "page.html": "<title><script>document.title='pwned'</script></title><p>x</p>",
            "t.suite.json": #"{"version": 1, "scripts": ["s.js"], "pages": ["page.html"], "defaults": {"handler": "echo"}}"#,
        ])
        let report = folder.appendingPathComponent("report.html").path
        let result = try CommandLineRunner.run(["test", "t.suite.json", "--html", report], currentDirectory: folder)
        #expect(result.exitCode == 0, "\(result.stdout)")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.contains("&lt;script&gt;document.title="))
        #expect(!html.lowercased().contains("<script"))
    }

    @Test func unusableSuiteIsAUsageError() throws {
        let folder = try makeSuite(["t.suite.json": #"{"version": 1, "scripts": ["../../etc/passwd"], "pages": ["x.html"]}"#])
        let result = try CommandLineRunner.run(["test", "t.suite.json"], currentDirectory: folder)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("outside the suite's folder"))
    }
}
