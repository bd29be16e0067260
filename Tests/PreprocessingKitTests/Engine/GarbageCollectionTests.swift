import Foundation
import Testing
@testable import PreprocessingKit

/// A released page must be freed when the machine collects, not whenever JavaScriptCore's own
/// heuristics next run: a suite worker builds hundreds of pages in one machine (issue 9's leak check).
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

    @Test func collectingFreesAReleasedContextsObjects() throws {
        let machine = JavaScriptVirtualMachine()
        weak var released: Marker?
        try {
            let marker = Marker()
            released = marker
            try Self.buildAndReleasePage(machine: machine, marker: marker)
        }()
        // The Swift side holds nothing now; only the collector's view of the old page remains.
        machine.collectGarbage()
        #expect(released == nil)
    }

    @Test func aSimulatorCollectsThePreviousPageBeforeTheNextRun() throws {
        let simulator = Simulator()
        let page = try PageLoader.load(data: Data("<title>t</title><p>one</p>".utf8), path: "page.html",
                                       options: PageLoadOptions(url: "https://example.com/"))
        let script = "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({ title: document.title }); } };"
        var resident: [Double] = []
        for run in 1...40 {
            let transcript = simulator.run(RunRequest(scriptPath: "Action.js", scriptSource: script, page: page,
                                                      handler: NoFinalizeHandler(), handlerName: "none"))
            try #require(transcript.completed)
            if run == 10 || run == 40 { resident.append(Self.residentMegabytes()) }
        }
        // Each page is a few megabytes of JavaScript heap; uncollected, 30 more would show.
        #expect(resident[1] - resident[0] < 20, "resident memory grew from \(resident[0]) MB to \(resident[1]) MB")
    }

    static func residentMegabytes() -> Double {
        let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
