import Foundation
import Testing
@testable import PreprocessingKit
@testable import JavaScriptEngine

/// A released page must be freed when the machine collects, not whenever JavaScriptCore's own
/// heuristics next run: a suite worker builds hundreds of pages in one machine (`make bench`'s leak check).
@Suite struct GarbageCollectionTests {
    /// Something a native function's closure holds; it dies when the function object is finalized.
    final class Marker {}

    /// Builds a context whose global object holds a native function capturing `marker`, then
    /// releases the context. Not inlined, so no pointer to the page stays in the caller's frame
    /// for the conservative stack scan to find.
    @inline(never)
    static func buildAndReleasePage(machine: JavaScriptVirtualMachine, marker: Marker) throws {
        let context = JavaScriptContext(machine: machine)
        let function = context.makeFunction(name: "keep") { _ in _ = marker; return nil }
        try context.globalObject.setProperty("keep", function)
        try context.evaluate("var page = []; for (let i = 0; i < 1000; i++) page.push({ i, text: 'x' + i });")
    }

    @Test func collectingFreesReleasedContextsObjects() throws {
        let machine = JavaScriptVirtualMachine()
        final class WeakMarker { weak var marker: Marker? }
        let released = (0..<4).map { _ in WeakMarker() }
        for slot in released {
            try {
                let marker = Marker()
                slot.marker = marker
                try Self.buildAndReleasePage(machine: machine, marker: marker)
            }()
        }
        // The Swift side holds nothing now; only the collector's view of the old pages remains.
        // The collector scans the stack conservatively, so a stale pointer to the last page may
        // still keep it: the older pages must be gone.
        machine.collectGarbage()
        let alive = released.filter { $0.marker != nil }.count
        #expect(alive <= 1, "\(alive) of 4 released pages are still alive after a collection")
    }

    @Test func nothingTheContextHoldsKeepsItAlive() throws {
        // A value holds its context; a context holding one of its own values would never be
        // freed, and with it the page.
        final class WeakContext { weak var context: JavaScriptContext? }
        let weak = WeakContext()
        let machine = JavaScriptVirtualMachine()
        try {
            let context = JavaScriptContext(machine: machine)
            weak.context = context
            _ = context.dateMilliseconds(try context.evaluate("new Date(5)"))
        }()
        #expect(weak.context == nil)
    }

    /// A page of `Exchange.collectBeforeSerialisingBytes` or more is collected once before its
    /// HTML after finalize is serialised (what the run left is freed for the serialisation to
    /// reuse); a smaller page, or a run that does not record that HTML, is not.
    @Test func aLargePageIsCollectedBeforeItsHTMLAfterFinalizeIsSerialised() throws {
        let script = "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({}); }, finalize(a) { document.title = 'done'; } };"
        func collections(bytes: Int, recordsHTML: Bool) throws -> Int {
            let simulator = Simulator()
            let html = "<title>t</title><pre>" + String(repeating: "a", count: bytes) + "</pre>"
            let page = try PageLoader.load(data: Data(html.utf8), path: "page.html", options: PageLoadOptions(url: "https://example.com/"))
            var request = RunRequest(scriptPath: "Action.js", scriptSource: script, page: page,
                                     handler: FinalizeArgumentsHandler(arguments: .dictionary([:])), handlerName: "finalize")
            request.recordsFinalizedHTML = recordsHTML
            let transcript = simulator.run(request)
            #expect(transcript.finalize.called)
            #expect((transcript.finalize.html?.utf8.count ?? 0) > (recordsHTML ? bytes : -1))
            return simulator.machine.fullCollections
        }
        #expect(try collections(bytes: Exchange.collectBeforeSerialisingBytes, recordsHTML: true) == 1)
        #expect(try collections(bytes: Exchange.collectBeforeSerialisingBytes, recordsHTML: false) == 0)
        #expect(try collections(bytes: 1_000, recordsHTML: true) == 0)
    }

    @Test func aSimulatorCollectsThePreviousPageBeforeTheNextRunOnly() throws {
        let simulator = Simulator()
        let page = try PageLoader.load(data: Data("<title>t</title><p>one</p>".utf8), path: "page.html",
                                       options: PageLoadOptions(url: "https://example.com/"))
        let script = "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({ title: document.title }); } };"
        func run() throws {
            let transcript = simulator.run(RunRequest(scriptPath: "Action.js", scriptSource: script, page: page,
                                                      handler: NoFinalizeHandler(), handlerName: "none"))
            try #require(transcript.completed)
        }
        try run()
        // A one-run process (`preprocess-sim run`) never pays for a collection.
        #expect(simulator.machine.fullCollections == 0)
        try run()
        try run()
        // Resident memory is no measure here (other suites run in this process at the same
        // time); `collectingFreesReleasedContextsObjects` shows what a collection frees.
        #expect(simulator.machine.fullCollections == 2)
        // Collected while idle, the next run starts at once; with nothing released, idling collects nothing.
        simulator.collectIdleGarbage()
        #expect(simulator.machine.fullCollections == 3)
        simulator.collectIdleGarbage()
        try run()
        #expect(simulator.machine.fullCollections == 3)
    }

    @Test func aPreparedRealmServesTheNextRunOnceAndLeavesNoTraceOfAnother() throws {
        let simulator = Simulator()
        let page = try PageLoader.load(data: Data("<title>t</title><p class=a>one</p>".utf8), path: "page.html",
                                       options: PageLoadOptions(url: "https://example.com/"))
        // The script leaves a global behind: a realm must never be used by two pages.
        let script = """
        var ExtensionPreprocessingJS = { run(a) {
          a.completionFunction({ title: document.title, p: document.querySelectorAll('p.a').length, left: typeof leftBehind });
          window.leftBehind = 1;
        } };
        """
        func run() throws -> Transcript {
            let transcript = simulator.run(RunRequest(scriptPath: "Action.js", scriptSource: script, page: page,
                                                      handler: NoFinalizeHandler(), handlerName: "none"))
            try #require(transcript.completed)
            return transcript
        }
        let fresh = try run()
        #expect(fresh.timings["build.bundle.prepared"] == nil)
        simulator.prepareForNextRun()
        let prepared = try run()
        let cost = try #require(prepared.timings["build.bundle.prepared"], "the run did not start from the prepared realm")
        #expect(cost > 0)
        let expected = PropertyListValue.dictionary(["title": .string("t"), "p": .real(1), "left": .string("undefined")])
        #expect(fresh.results == expected)
        #expect(prepared.results == expected)
        // Used once: the run after it makes its own realm again.
        let after = try run()
        #expect(after.timings["build.bundle.prepared"] == nil)
        #expect(after.results == expected)
    }
}
