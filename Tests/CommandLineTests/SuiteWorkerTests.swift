import Foundation
import Testing
import PreprocessingKit
import PreprocessSimCommandLine
import TestSupport

/// Files in a new temporary folder.
private func makeFolder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suite-workers-\(UUID().uuidString)")
    for (name, text) in files {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return folder
}

private let titleScript = "var ExtensionPreprocessingJS = { run: function(a) { a.completionFunction({title: document.title}); }, finalize: function(a) { alert(a.title); } };"

/// The persistent `__run-cases` workers of `SuiteRunner`, through the built binary.
@Suite struct SuiteWorkerTests {
    func runner(jobs: Int = 1, environment: [String: String] = [:], configure: (inout SuiteRunner.Options) -> Void = { _ in }) -> SuiteRunner {
        var options = SuiteRunner.Options(worker: TestCommand.workerCommand(executable: CommandLineRunner.binary.path))
        options.jobs = jobs
        options.recordMode = .never
        options.environment = environment
        configure(&options)
        return SuiteRunner(options: options)
    }

    func result(_ report: SuiteRunReport, _ id: String) throws -> CaseResult {
        try #require(report.cases.first { $0.id == id })
    }

    @Test func crashAndHangEachCostOneCaseAndTheNextCaseRunsInAFreshWorker() throws {
        let folder = try makeFolder([
            "s.js": titleScript,
            "loop.js": "var ExtensionPreprocessingJS = { run: function(a) { while (true) {} } };",
            "page.html": "<title>Page</title>",
            "t.suite.json": """
            {"version": 1, "defaults": {"handler": "echo", "expect": {"finalize": {"alerts": ["Page"]}}}, "cases": [
              {"id": "loops", "script": "loop.js", "page": "page.html", "timeout": 0.3},
              {"id": "first", "script": "s.js", "page": "page.html"},
              {"id": "crashes", "script": "s.js", "page": "page.html"},
              {"id": "third", "script": "s.js", "page": "page.html"},
              {"id": "hangs", "script": "s.js", "page": "page.html", "caseTimeout": 1},
              {"id": "last", "script": "s.js", "page": "page.html"}
            ]}
            """,
        ])
        let cases = try SuiteLoader.load(path: folder.appendingPathComponent("t.suite.json").path)
        let report = runner(environment: ["PREPROCESS_SIM_TEST_ABORT": "crashes", "PREPROCESS_SIM_TEST_HANG": "hangs"])
            .run(cases, suites: ["t.suite.json"])
        let first = try result(report, "first"), crashes = try result(report, "crashes"), third = try result(report, "third")
        let hangs = try result(report, "hangs"), last = try result(report, "last")
        // A script stopped by the engine's watchdog fails alone and its worker goes on.
        let loops = try result(report, "loops")
        #expect(loops.status == .failed)
        #expect(loops.output?.transcript.completed == false)
        #expect(first.status == .passed, "\(first.failures)")
        #expect(first.processIdentifier != nil && first.processIdentifier == loops.processIdentifier)
        #expect(crashes.status == .error)
        #expect(crashes.failures.map(\.kind) == ["crash"])
        #expect(crashes.failures.first?.message.contains("signal 6") == true)
        #expect(third.status == .passed, "\(third.failures)")
        #expect(third.output?.transcript.finalize.alerts == ["Page"])
        #expect(hangs.status == .error)
        #expect(hangs.failures.map(\.kind) == ["timeout"])
        #expect(last.status == .passed, "\(last.failures)")
        // The crashing case ran in the first case's worker; the next case got a new one.
        let crashedWorker = try #require(crashes.processIdentifier)
        #expect(first.processIdentifier == crashedWorker)
        #expect(third.processIdentifier != nil && third.processIdentifier != crashedWorker)
        // The worker that hung was killed; the last case ran in yet another.
        #expect(hangs.processIdentifier == third.processIdentifier)
        #expect(last.processIdentifier != nil && last.processIdentifier != hangs.processIdentifier)
        #expect(kill(crashedWorker, 0) != 0)
    }

    @Test func aCaseSeesNeitherTheGlobalsNorTheFolderOfTheCaseBeforeItInTheSameWorker() throws {
        let folder = try makeFolder([
            "a/pollute.js": """
            var ExtensionPreprocessingJS = { run: function(a) {
              globalThis.leaked = "from a"; Object.defineProperty(Object.prototype, "polluted", {value: "from a", configurable: true}); window.name = "from a";
              a.completionFunction({title: document.title}); } };
            """,
            "a/page.html": "<title>Folder A</title>",
            "a/a.suite.json": #"{"version": 1, "defaults": {"handler": "echo"}, "cases": [{"id": "pollutes", "script": "pollute.js", "page": "page.html"}]}"#,
            "b/look.js": """
            var ExtensionPreprocessingJS = { run: function(a) {
              a.completionFunction({title: document.title, leaked: typeof leaked, polluted: typeof ({}).polluted, name: window.name}); } };
            """,
            "b/page.html": "<title>Folder B</title>",
            "b/b.suite.json": #"{"version": 1, "defaults": {"handler": "echo"}, "cases": [{"id": "looks", "script": "look.js", "page": "page.html"}]}"#,
        ])
        let cases = try SuiteLoader.load(path: folder.appendingPathComponent("a/a.suite.json").path)
            + SuiteLoader.load(path: folder.appendingPathComponent("b/b.suite.json").path)
        let report = runner().run(cases, suites: ["a.suite.json", "b.suite.json"])
        let pollutes = try result(report, "pollutes"), looks = try result(report, "looks")
        #expect(pollutes.status == .passed, "\(pollutes.failures)")
        #expect(looks.status == .passed, "\(looks.failures)")
        #expect(pollutes.processIdentifier != nil && pollutes.processIdentifier == looks.processIdentifier)
        #expect(pollutes.output?.transcript.results == .dictionary(["title": .string("Folder A")]))
        // "page.html" was read from b/, the second case's own folder, and nothing of case a is left.
        #expect(looks.output?.transcript.results == .dictionary([
            "title": .string("Folder B"), "leaked": .string("undefined"), "polluted": .string("undefined"), "name": .string(""),
        ]))
    }

    @Test func aWorkerIsRetiredAfterItsCaseLimitAndOneShotProcessesStillWork() throws {
        let folder = try makeFolder([
            "s.js": titleScript,
            "page.html": "<title>Page</title>",
            "t.suite.json": #"{"version": 1, "scripts": ["s.js"], "pages": ["page.html"], "defaults": {"handler": "echo"}, "cases": [{"id": "one"}, {"id": "two"}, {"id": "three"}]}"#,
        ])
        let cases = try SuiteLoader.load(path: folder.appendingPathComponent("t.suite.json").path)
        #expect(cases.count == 3)
        let recycled = runner { $0.workerCaseLimit = 2 }.run(cases, suites: ["t.suite.json"])
        #expect(recycled.allPassed)
        let workers = recycled.cases.map(\.processIdentifier)
        #expect(workers[0] != nil && workers[0] == workers[1])
        #expect(workers[2] != nil && workers[2] != workers[1])

        let oneShot = runner { $0.persistentWorkers = false }.run(cases, suites: ["t.suite.json"])
        #expect(oneShot.allPassed)
        #expect(Set(oneShot.cases.compactMap(\.processIdentifier)).count == 3)
        #expect(oneShot.cases.map { $0.output?.transcript.finalize.alerts } == recycled.cases.map { $0.output?.transcript.finalize.alerts })
    }

    @Test func setupErrorsAndStandardErrorAreReportedPerCaseAsInOneShotProcesses() throws {
        let folder = try makeFolder([
            "s.js": titleScript,
            "page.html": "<title>Page</title>",
            "t.suite.json": """
            {"version": 1, "defaults": {"handler": "echo"}, "cases": [
              {"id": "missing-page", "script": "s.js", "page": "page.html"},
              {"id": "unknown-handler", "script": "s.js", "page": "page.html", "handler": "no-such-handler"},
              {"id": "fine", "script": "s.js", "page": "page.html"}
            ]}
            """,
        ])
        var cases = try SuiteLoader.load(path: folder.appendingPathComponent("t.suite.json").path)
        cases[0].page = "nowhere.html"
        let inWorkers = runner().run(cases, suites: ["t.suite.json"])
        let oneShot = runner { $0.persistentWorkers = false }.run(cases, suites: ["t.suite.json"])
        for report in [inWorkers, oneShot] {
            let missing = try result(report, "missing-page"), unknown = try result(report, "unknown-handler")
            #expect(missing.status == .error)
            #expect(missing.failures.first?.message.contains("nowhere.html") == true, "\(missing.failures)")
            #expect(unknown.status == .error)
            #expect(unknown.failures.first?.message.contains("unknown handler 'no-such-handler'") == true, "\(unknown.failures)")
            // Each case's stderr holds its own message only.
            #expect(unknown.standardError?.contains("nowhere.html") == false)
            #expect(try result(report, "fine").status == .passed)
        }
        #expect(inWorkers.cases.map(\.failures) == oneShot.cases.map(\.failures))
        #expect(inWorkers.cases.map(\.standardError) == oneShot.cases.map(\.standardError))
    }
}
