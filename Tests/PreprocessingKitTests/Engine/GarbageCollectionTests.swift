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

    @Test func aSimulatorCollectsThePreviousPageBeforeTheNextRun() throws {
        let simulator = Simulator()
        // A page of some size (2,000 paragraphs), as the leak check's corpus pages are.
        let html = "<title>t</title>" + (1...2000).map { "<p class=c\($0)>paragraph <b>\($0)</b></p>" }.joined()
        let page = try PageLoader.load(data: Data(html.utf8), path: "page.html",
                                       options: PageLoadOptions(url: "https://example.com/"))
        let script = "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({ title: document.title }); } };"
        var resident: [Double] = []
        for run in 1...80 {
            let transcript = simulator.run(RunRequest(scriptPath: "Action.js", scriptSource: script, page: page,
                                                      handler: NoFinalizeHandler(), handlerName: "none"))
            try #require(transcript.completed)
            if run == 20 || run == 80 { resident.append(Self.residentMegabytes()) }
        }
        // Uncollected, each page adds about a megabyte of JavaScript heap: 60 more would show.
        #expect(resident[1] - resident[0] < 15, "resident memory grew from \(resident[0]) MB to \(resident[1]) MB")
    }

    static func residentMegabytes() -> Double {
        let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
