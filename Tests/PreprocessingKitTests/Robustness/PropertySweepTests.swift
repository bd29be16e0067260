import Foundation
import Testing
import TestSupport
@testable import PreprocessingKit

/// No exception from the simulator's own DOM code reaches a user's script: on every corpus page
/// (`pages`, `wide-pages`, `extra-pages`), `Fixtures/robustness/property-sweep.js` reads every
/// property and calls every zero-argument reader of a sample of each element interface, the
/// document, the window, text, comments, attributes, collections, style declarations, the
/// selection, a range, location and navigator — on the tree as the page left it and after
/// everything was touched (every page), after mutations and with the root not rendered (every
/// third page; all with `PREPROCESS_SIM_SWEEP=full`), and calls the window's operations bare.
/// An exception whose first frame is in the DOM bundle is a failure, unless WebKit throws there
/// too (the script's short list), and so is a model's failure that `modelAnswer` covered.
@Suite(.serialized) struct PropertySweepTests {
    /// Every page of the three corpus folders, by folder.
    static func corpusPages() -> [(folder: String, path: String)] {
        let corpus = Paths.shared.appendingPathComponent("corpus")
        var pages: [(String, String)] = []
        for folder in ["pages", "wide-pages", "extra-pages"] {
            let root = corpus.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            var found: [String] = []
            for case let relative as String in walker
            where relative.hasSuffix(".html") || relative.hasSuffix(".html.gz") || relative.hasSuffix(".htm") {
                found.append(root.appendingPathComponent(relative).path)
            }
            pages += found.sorted().map { (folder, $0) }
        }
        return pages
    }

    /// What `modelAnswer` (EventRecorder.js) says when a layout or text model failed.
    static let modelFailureNote = "the simulator's model could not answer"

    static func number(_ value: PropertyListValue) -> Double? {
        switch value {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        default: return nil
        }
    }

    struct Outcome {
        var pages: [String: Int] = [:]
        var members = 0
        var failures: [String] = []
    }

    /// One page in `mutationsEvery` also gets the mutated and hidden-root passes, which lay out
    /// and render it again (a third of the time on a large page); every page gets them with
    /// `PREPROCESS_SIM_SWEEP=full`.
    static let mutationsEvery = ProcessInfo.processInfo.environment["PREPROCESS_SIM_SWEEP"] == "full" ? 1 : 3

    /// Sweeps `pages` on its own simulator (one per thread).
    static func sweep(_ pages: ArraySlice<(folder: String, path: String)>, script: String) -> Outcome {
        let simulator = Simulator()
        var outcome = Outcome()
        for (index, (folder, path)) in zip(pages.indices, pages) {
            outcome.pages[folder, default: 0] += 1
            let page: LoadedPage
            do {
                page = try PageLoader.load(path: path, options: PageLoadOptions(url: "https://example.com/page.html"))
            } catch {
                continue // a file the loader refuses (not a page) has nothing to sweep
            }
            let mutations = index % Self.mutationsEvery == 0
            var request = RunRequest(scriptPath: "property-sweep.js", scriptSource: "var SWEEP_MUTATIONS = \(mutations);\n" + script,
                                     page: page, handler: NoFinalizeHandler())
            request.deterministic = true
            request.timeout = 60
            let transcript = simulator.run(request)
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard transcript.completed, case .dictionary(let results)? = transcript.results,
                  let members = results["members"].flatMap(Self.number), case .string(let json)? = results["failures"] else {
                let errors = transcript.diagnostics.filter { $0.severity == .error }.map { "\($0.code): \($0.message)" }
                outcome.failures.append("\(folder)/\(name): the sweep did not complete: \(errors.joined(separator: "; "))")
                continue
            }
            outcome.members += Int(members)
            // A model that failed answered in WebKit's place (modelAnswer): still a failure here.
            for diagnostic in transcript.diagnostics where diagnostic.code == DiagnosticCode.unsupportedAPI.rawValue && diagnostic.message.contains(Self.modelFailureNote) {
                outcome.failures.append("\(folder)/\(name): \(diagnostic.message)")
            }
            let failures = (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]) ?? []
            for failure in failures {
                let line = failure["bundleLine"] as? Int ?? 0
                let place = PageContext.bundleLocation(line: line).map { "<simulator DOM>/\($0.file):\($0.line)" } ?? "bundle line \(line)"
                outcome.failures.append("\(folder)/\(name) [\(failure["phase"] ?? "")] \(failure["member"] ?? ""): \(failure["error"] ?? "") at \(place)")
            }
        }
        return outcome
    }

    @Test func noInternalExceptionOnAnyCorpusPage() throws {
        let script = try String(contentsOf: Paths.fixtures.appendingPathComponent("robustness/property-sweep.js"), encoding: .utf8)
        let pages = Self.corpusPages()
        try #require(pages.count > 200, "the corpus is beside the repository (../shared/corpus)")
        let start = DispatchTime.now().uptimeNanoseconds
        // Two threads, each with its own machine: the machine has two cores.
        let half = pages.count / 2
        let halves = [pages[..<half], pages[half...]]
        let outcomes = UnsafeMutableBufferPointer<Outcome>.allocate(capacity: 2)
        outcomes.initialize(repeating: Outcome())
        defer { outcomes.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            outcomes[index] = Self.sweep(halves[index], script: script)
        }
        var outcome = Outcome()
        for part in outcomes {
            outcome.pages.merge(part.pages, uniquingKeysWith: +)
            outcome.members += part.members
            outcome.failures += part.failures
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let folders = outcome.pages.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("property sweep: \(pages.count) pages (\(folders)), \(outcome.members) members read, \(outcome.failures.count) internal exceptions, \(String(format: "%.1f", seconds)) s")
        #expect(outcome.members > 1_000_000)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.count) internal exceptions:\n\(outcome.failures.prefix(30).joined(separator: "\n"))")
    }

    /// A model that fails (here on internals a hostile script broke) answers as WebKit does for an
    /// element without a box — numbers, an empty rectangle, the text content — and the transcript
    /// says the answer was not modelled, once per member.
    @Test func aFailingModelAnswersAndSaysSo() throws {
        let script = """
        var ExtensionPreprocessingJS = { run: function (args) {
          var state = Object.getOwnPropertySymbols(document).filter(function (s) { return String(s) === "Symbol(documentState)"; })[0];
          document[state].viewportWidth = Symbol("not a number");
          args.completionFunction({ width: document.body.offsetWidth, again: document.body.offsetWidth,
                                    scroll: document.documentElement.scrollHeight,
                                    rect: document.body.getBoundingClientRect().width, text: document.body.innerText });
        } };
        """
        let html = "<!DOCTYPE html><title>t</title><p>words</p>"
        let page = try PageLoader.load(data: Data(html.utf8), path: "page.html", options: PageLoadOptions(url: "https://example.com/page.html"))
        var request = RunRequest(scriptPath: "hostile.js", scriptSource: script, page: page, handler: NoFinalizeHandler())
        request.deterministic = true
        request.trace = true
        let transcript = SimulatorHarness.run(request)
        #expect(transcript.completed)
        guard case .dictionary(let results)? = transcript.results else {
            Issue.record("no results: \(transcript.diagnostics.map(\.message))")
            return
        }
        for key in ["width", "again", "scroll", "rect"] {
            #expect(results[key].flatMap(Self.number) == 0, "\(key): \(String(describing: results[key]))")
        }
        #expect(results["text"] == .string("words"))
        let notes = transcript.diagnostics.filter { $0.code == DiagnosticCode.unsupportedAPI.rawValue && $0.message.contains(Self.modelFailureNote) }
        #expect(notes.count == 3, "\(transcript.diagnostics.map(\.message))")
        #expect(notes.first?.message.contains("HTMLElement.offsetWidth") == true)
        let traced = (transcript.trace ?? []).filter { $0.kind == .unsupported && $0.summary.contains(Self.modelFailureNote) }
        #expect(traced.count == 3, "the trace says which answers were not modelled")
        #expect(!transcript.diagnostics.contains { $0.severity == .error })
    }
}
