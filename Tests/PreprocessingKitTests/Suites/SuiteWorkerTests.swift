import Foundation
import Testing
@testable import PreprocessingKit

/// A handler that reports the process state a previous case could have left behind, then
/// leaves some of its own: an app-group and a standard UserDefaults value, an environment
/// variable and another working directory.
private final class ProcessStateProbeHandler: NSObject, NSExtensionRequestHandling {
    static let environmentName = "PREPROCESS_SIM_WORKER_STATE_PROBE"

    func beginRequest(with context: NSExtensionContext) {
        let seen: [String: String] = [
            "group": UserDefaults(suiteName: "group.name")?.string(forKey: "worker-probe") ?? "none",
            "standard": UserDefaults.standard.string(forKey: "worker-probe") ?? "none",
            "environment": ProcessInfo.processInfo.environment[Self.environmentName] ?? "none",
            "directory": FileManager.default.currentDirectoryPath,
        ]
        UserDefaults(suiteName: "group.name")?.set("left by a case", forKey: "worker-probe")
        UserDefaults.standard.set("left by a case", forKey: "worker-probe")
        setenv(Self.environmentName, "left by a case", 1)
        _ = FileManager.default.changeCurrentDirectoryPath("/")
        let payload = NSDictionary(dictionary: [NSExtensionJavaScriptFinalizeArgumentKey: NSDictionary(dictionary: seen)])
        let item = NSExtensionItem()
        item.attachments = [NSItemProvider(item: payload, typeIdentifier: kUTTypePropertyList)]
        context.completeRequest(returningItems: [item], completionHandler: nil)
    }
}

/// The worker's side (`CaseWorkerLoop`), in this process, and the framing.
@Suite(.serialized) struct CaseWorkerLoopTests {
    @Test func theNextCaseSeesNoneOfTheProcessStateTheLastOneChanged() throws {
        BuiltInHandlers.register(name: "worker-state-probe") { ProcessStateProbeHandler() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("worker-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("var ExtensionPreprocessingJS = { run: function(a) { a.completionFunction({}); }, finalize: function(a) { alert(JSON.stringify(a)); } };".utf8)
            .write(to: folder.appendingPathComponent("s.js"))
        try Data("<title>t</title>".utf8).write(to: folder.appendingPathComponent("page.html"))
        let directoryBefore = FileManager.default.currentDirectoryPath
        #expect(directoryBefore != folder.path)

        let loop = CaseWorkerLoop()
        var seen: [[String: String]] = []
        for index in 0..<2 {
            var settings = CaseSettings()
            settings.handler = "worker-state-probe"
            let invocation = CaseInvocation(suiteCase: SuiteCase(id: "case-\(index)", suitePath: "t.suite.json", suiteDirectory: folder.path, index: index,
                                                                 script: "s.js", page: "page.html", settings: settings),
                                            captureInitialHTML: false)
            let (status, payload) = loop.perform(try JSONEncoder().encode(invocation))
            #expect(status == 0)
            let output = try JSONDecoder().decode(CaseOutput.self, from: payload)
            let alert = try #require(output.transcript.finalize.alerts.first)
            seen.append(try JSONDecoder().decode([String: String].self, from: Data(alert.utf8)))
            // After each case the process is as the worker started.
            #expect(FileManager.default.currentDirectoryPath == directoryBefore)
            #expect(ProcessInfo.processInfo.environment[ProcessStateProbeHandler.environmentName] == nil)
            #expect(UserDefaults(suiteName: "group.name")?.string(forKey: "worker-probe") == nil)
            #expect(UserDefaults.standard.string(forKey: "worker-probe") == nil)
        }
        let untouched = ["group": "none", "standard": "none", "environment": "none", "directory": folder.path]
        #expect(seen == [untouched, untouched])
    }

    @Test func thePageAfterFinalizeIsRecordedOnlyWhenSomethingReadsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finalized-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("s.js").path, page = folder.appendingPathComponent("page.html").path
        try Data("var ExtensionPreprocessingJS = { run: function(a) { a.completionFunction({}); }, finalize: function(a) { document.body.id = a.id; } };".utf8)
            .write(to: URL(fileURLWithPath: script))
        try Data("<title>t</title><p>x".utf8).write(to: URL(fileURLWithPath: page))
        func finalizedHTML(record: Bool, _ expect: CaseExpectations? = nil) throws -> String? {
            var settings = CaseSettings()
            settings.finalizeArguments = .dictionary(["id": .string("done")])
            settings.expect = expect
            let invocation = CaseInvocation(suiteCase: SuiteCase(id: "c", suitePath: "t.suite.json", suiteDirectory: folder.path, index: 0,
                                                                 script: script, page: page, settings: settings),
                                            captureInitialHTML: false, recordFinalizedHTML: record)
            let output = try CaseExecution.run(invocation)
            #expect(output.transcript.finalize.called)
            return output.transcript.finalize.html
        }
        let html = "<html><head><title>t</title></head><body id=\"done\"><p>x</p></body></html>"
        #expect(try finalizedHTML(record: true) == html)
        #expect(try finalizedHTML(record: false) == nil)
        // Expectations that read it make the case record it.
        var contains = CaseExpectations(); contains.finalize = FinalizeExpectations(); contains.finalize?.htmlContains = ["done"]
        #expect(try finalizedHTML(record: false, contains) == html)
        var snapshot = CaseExpectations(); snapshot.snapshot = .parts(["finalize"])
        #expect(try finalizedHTML(record: false, snapshot) == html)
        var results = CaseExpectations(); results.snapshot = .parts(["results"])
        #expect(try finalizedHTML(record: false, results) == nil)
    }

    @Test func anUnreadableInvocationIsStatusTwoAndTheLoopGoesOn() throws {
        let loop = CaseWorkerLoop()
        let (status, payload) = loop.perform(Data("{not json".utf8))
        #expect(status == 2)
        #expect(payload.isEmpty)
    }

    @Test func frameHeadersRoundTripAndRejectOtherText() throws {
        let header = CaseWorkerFrame.header(status: 1, payloadLength: 1234, residentBytes: 99 << 20)
        #expect(String(decoding: header, as: UTF8.self) == "1 1234 103809024\n")
        let parsed = try #require(CaseWorkerFrame.parseHeader(header.dropLast()))
        #expect(parsed.status == 1 && parsed.payloadLength == 1234 && parsed.residentBytes == 99 << 20)
        #expect(CaseWorkerFrame.parseHeader(Data("hello from a stray print".utf8)) == nil)
        #expect(CaseWorkerFrame.parseHeader(Data("0 -5 0".utf8)) == nil)
        #expect(CaseWorkerFrame.currentResidentBytes() > 1 << 20)
    }
}
