import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import PreprocessingKit

/// A real transcript of a tiny page (built once), changed to the given values, for checking
/// expectations without depending on the transcript's full schema.
private let baseTranscript: Transcript = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suite-base-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let pagePath = folder.appendingPathComponent("p.html").path
    try! Data("<title><script>alert(1)</script></title><p>x</p>".utf8).write(to: URL(fileURLWithPath: pagePath))
    let page = try! PageLoader.load(path: pagePath, options: PageLoadOptions(url: "https://example.com/"))
    var request = RunRequest(scriptPath: "s.js", scriptSource: "var ExtensionPreprocessingJS = {run: function(a) { a.completionFunction({}); }, finalize: function() {}};",
                             page: page, handler: BuiltInHandlers.make("echo", finalizeArguments: nil)!, handlerName: "echo")
    request.deterministic = true
    return Simulator().run(request)
}()

private func transcript(results: PropertyListValue?, diagnostics: [Diagnostic] = [], alerts: [String] = [], html: String? = nil) -> Transcript {
    var value = baseTranscript
    value.results = results
    value.diagnostics = diagnostics
    value.finalize.alerts = alerts
    value.finalize.html = html
    value.timings = ["run": 1.5]
    return value
}

private func expectations(_ json: String) throws -> CaseExpectations {
    try JSONDecoder().decode(CaseExpectations.self, from: Data(json.utf8))
}

private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("suite-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct ExpectationCheckTests {
    let output = CaseOutput(transcript: transcript(results: .dictionary(["title": .string("Hello"), "count": .integer(3), "tags": .array([.string("a")])])))

    @Test func matchingExpectationsGiveNoFailures() throws {
        let expect = try expectations("""
        {"completed": true, "results": {"title": "Hello", "count": 3.0, "tags": ["a"]}, "resultsContain": {"title": "Hello"},
         "keys": {"title": {"regex": "^H", "nonEmpty": true, "type": "string"}, "count": {"range": [1, 5]}, "tags[0]": "a", "missing": {"absent": true}}}
        """)
        #expect(ExpectationCheck.check(expect, against: output) == [])
    }

    @Test func exactResultsMismatchCarriesBothSidesForTheDiff() throws {
        let failures = ExpectationCheck.check(try expectations(#"{"results": {"title": "Bye", "count": 3, "tags": ["a"]}}"#), against: output)
        let failure = try #require(failures.first)
        #expect(failure.kind == "results")
        let diff = FailureDiff.unified(expected: failure.expected ?? "", actual: failure.actual ?? "")
        #expect(diff.contains(#"-   "title" : "Bye""#))
        #expect(diff.contains(#"+   "title" : "Hello""#))
    }

    @Test func subsetMismatchNamesTheKeyPath() throws {
        let failures = ExpectationCheck.check(try expectations(#"{"resultsContain": {"tags": ["b"]}}"#), against: output)
        #expect(failures.map(\.kind) == ["resultsContain"])
        #expect(failures[0].message.contains(#"tags[0]: expected "b", found "a""#))
    }

    @Test func eachKeyMatcherReportsWhatItWanted() throws {
        let failures = ExpectationCheck.check(try expectations("""
        {"keys": {"title": {"regex": "^Z"}, "count": {"range": [5, 9]}, "tags": {"type": "string"}, "nope": {"nonEmpty": true}}}
        """), against: output)
        #expect(failures.map(\.message) == [
            "results.count: expected a number in [5, 9], found 3",
            "results.nope: missing",
            "results.tags: expected a string, found a array [\"a\"]",
            "results.title: expected a match for /^Z/, found \"Hello\"",
        ])
    }

    @Test func diagnosticsAreComparedByCodeAndErrorsFailByDefault() throws {
        let failing = CaseOutput(transcript: transcript(results: nil, diagnostics: [Diagnostic(.missingGlobal, "no global"), Diagnostic(.urlFromFilePath, "n")]))
        #expect(ExpectationCheck.check(nil, against: failing).map(\.kind) == ["diagnostics"])
        #expect(ExpectationCheck.check(try expectations(#"{"diagnostics": ["missing-global"]}"#), against: failing) == [])
        let wrong = ExpectationCheck.check(try expectations(#"{"diagnostics": ["syntax-error"]}"#), against: failing)
        #expect(wrong.first?.expected == "syntax-error")
        #expect(wrong.first?.actual == "missing-global: error: no global")
    }

    @Test func finalizeAlertsHtmlAndElementsAreChecked() throws {
        var output = CaseOutput(transcript: transcript(results: nil, alerts: ["Saved"], html: "<html><body><p id=s class=x>Done</p></body></html>"))
        output.probes = [ElementProbeResult(probe: ElementProbe(selector: "#s", attribute: "class"), exists: true, text: "Done", attributeValue: "x")]
        let expect = try expectations("""
        {"finalize": {"alerts": ["Not saved"], "htmlContains": ["Done", "Missing"], "elements": [{"selector": "#s", "attribute": "class", "value": "y"}]}}
        """)
        let failures = ExpectationCheck.check(expect, against: output)
        #expect(failures.map(\.kind) == ["finalize.alerts", "finalize.html", "finalize.element"])
        #expect(failures[0].expected == "Not saved" && failures[0].actual == "Saved")
        #expect(failures[2].message == #"#s [class]: expected "y", found "x""#)
    }
}

@Suite struct SuiteLoaderTests {
    @Test func matrixAndCasesExpandInOrderWithRelativePaths() throws {
        let folder = try temporaryFolder()
        for name in ["s/a.js", "s/b.js", "p/one.html", "p/deep/two.html"] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let manifest = #"{"version": 1, "scripts": ["s/*.js"], "pages": ["p/**/*.html"], "matrix": true, "defaults": {"handler": "echo", "timeout": 2}, "cases": [{"id": "one-sel", "script": "s/a.js", "page": "p/one.html", "select": {"css": "h1"}, "timeout": 1}]}"#
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("x.suite.json"))
        let cases = try SuiteLoader.load(path: folder.appendingPathComponent("x.suite.json").path)
        #expect(cases.map(\.id) == ["a@two", "a@one", "b@two", "b@one", "one-sel"])
        #expect(cases[0].page == "p/deep/two.html")
        #expect(cases[4].settings.handler == "echo")
        #expect(cases[4].settings.timeout == 1)
        #expect(cases[4].settings.select == SelectionSpec(css: "h1"))
    }

    @Test func pathsOutsideTheSuiteFolderAreRefusedUnlessAllowed() throws {
        let folder = try temporaryFolder()
        let inner = folder.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("a.js"))
        try Data("x".utf8).write(to: inner.appendingPathComponent("p.html"))
        let manifest = SuiteManifest(version: 1, scripts: ["../a.js"], pages: ["p.html"], matrix: true)
        #expect(throws: SuiteError.self) { try SuiteLoader.cases(of: manifest, path: "t.suite.json", directory: inner.path) }
        var allowed = manifest
        allowed.allowOutside = true
        let cases = try SuiteLoader.cases(of: allowed, path: "t.suite.json", directory: inner.path)
        #expect(cases.map(\.script) == ["../a.js"])
    }

    @Test func unsupportedVersionIsAnError() {
        #expect(throws: SuiteError.self) {
            try SuiteLoader.cases(of: SuiteManifest(version: 2, scripts: [], pages: []), path: "t", directory: "/tmp")
        }
    }

    @Test func shardsCoverEveryCaseExactlyOnce() {
        let cases = (0..<23).map { SuiteCase(id: "c\($0)", suitePath: "s", suiteDirectory: "/tmp", index: $0, script: "a.js", page: "p.html", settings: CaseSettings()) }
        var seen: [String] = []
        for k in 1...4 { seen += SuiteRunner.select(cases, filter: nil, shard: Shard(index: k, count: 4)).map(\.id) }
        #expect(seen.sorted() == cases.map(\.id).sorted())
        #expect(SuiteRunner.select(cases, filter: "c1*", shard: nil).count == 11)
        #expect(Shard("0/3") == nil && Shard("3/3") == Shard(index: 3, count: 3))
    }
}

@Suite struct SnapshotTests {
    @Test func recordThenMatchThenMismatchThenUpdate() throws {
        let path = try temporaryFolder().appendingPathComponent("__snapshots__/case.json").path
        let first = try #require(Snapshot.render(transcript(results: .dictionary(["a": .integer(1)])), selection: .parts(["results"])))
        #expect(!first.contains("timings"))
        #expect(Snapshot.check(actual: first, path: path, caseID: "case", mode: .never) != .matched)
        #expect(Snapshot.check(actual: first, path: path, caseID: "case", mode: .missing) == .recorded(path: path))
        #expect(Snapshot.check(actual: first, path: path, caseID: "case", mode: .never) == .matched)
        let second = try #require(Snapshot.render(transcript(results: .dictionary(["a": .integer(2)])), selection: .parts(["results"])))
        guard case .failed(let failure) = Snapshot.check(actual: second, path: path, caseID: "case", mode: .missing) else {
            Issue.record("a changed snapshot must fail"); return
        }
        #expect(failure.message.contains("--update-snapshots --filter case"))
        #expect(FailureDiff.unified(expected: failure.expected ?? "", actual: failure.actual ?? "").contains("+     \"a\" : 2"))
        #expect(Snapshot.check(actual: second, path: path, caseID: "case", mode: .all) == .updated(path: path))
        #expect(Snapshot.check(actual: second, path: path, caseID: "case", mode: .never) == .matched)
    }

    @Test func ciNeverRecords() {
        #expect(SnapshotRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(SnapshotRecordMode.fromEnvironment([:]) == .missing)
    }
}

@Suite struct SuiteReportTests {
    let report: SuiteRunReport = {
        let hostile = CaseOutput(transcript: transcript(results: .dictionary(["t": .string("</pre><script>alert('x')</script>")])), initialHTML: "<p>a</p>")
        func result(_ id: String, _ status: CaseResult.Status, _ failures: [ExpectationFailure] = []) -> CaseResult {
            CaseResult(id: id, suite: "s.suite.json", script: "a.js", page: "p.html", status: status, failures: failures, output: hostile, durationMilliseconds: 12)
        }
        return SuiteRunReport(suites: ["s.suite.json"], cases: [
            result("ok", .passed), result("bad", .failed, [.init(kind: "results", message: "a < b & \"c\"", expected: "1", actual: "2\u{1}")]),
            result("boom", .error, [.init(kind: "crash", message: "signal 6")]), result("later", .skipped, [.init(kind: "skipped", message: "fail-fast")]),
        ], durationMilliseconds: 50)
    }()

    @Test func junitParsesAsXMLWithTheRightCounts() throws {
        let xml = JUnitReport.render(report)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "tests")?.stringValue == "4")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "1")
        #expect(try document.nodes(forXPath: "//testcase").count == 4)
        #expect(try document.nodes(forXPath: "//testcase[@name='bad']/failure").count == 1)
        #expect(try document.nodes(forXPath: "//testcase[@name='boom']/error").count == 1)
    }

    @Test func htmlReportEscapesPageDerivedStrings() {
        let html = HTMLReport.render(report)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Content-Security-Policy"))
    }

    @Test func textReportShowsADiffPerFailure() {
        let text = SuiteTextReport.render(report)
        #expect(text.contains("FAIL  bad"))
        #expect(text.contains("    - 1\n    + 2"))
        #expect(text.hasSuffix("4 cases: 1 passed, 1 failed, 1 errors, 1 skipped in 0.05 s\n"))
    }
}
