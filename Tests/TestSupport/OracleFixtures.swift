import Foundation
import PreprocessingKit
import JavaScriptEngine

/// A case recorded from real WebKit by `Tests/record-oracle.sh`: the input line and what WebKit
/// printed for it.
public struct OracleCase {
    public let id: String
    public let input: [String: Any]
    public let output: [String: Any]

    /// The page path resolved against the repository root.
    public var pagePath: String? { (input["page"] as? String).map(Paths.inRepository) }
    public var scriptPath: String? { (input["script"] as? String).map(Paths.inRepository) }
    public var url: String? { input["url"] as? String }
    public var selectText: String? { input["select_text"] as? String }
    public var results: Any? { output["results"] }
}

public enum OracleFixtures {
    /// The cases of one probe folder (`Fixtures/oracle/<probe>`), in recorded order.
    public static func load(_ probe: String) throws -> [OracleCase] {
        let folder = Paths.fixtures.appendingPathComponent("oracle/\(probe)")
        let inputs = try jsonLines(folder.appendingPathComponent("cases.jsonl"))
        let outputs = try jsonLines(folder.appendingPathComponent("output.jsonl"))
        var outputByID: [String: [String: Any]] = [:]
        for output in outputs { if let id = output["id"] as? String { outputByID[id] = output } }
        return inputs.compactMap { input in
            guard let id = input["id"] as? String, let output = outputByID[id] else { return nil }
            return OracleCase(id: id, input: input, output: output)
        }
    }

    static func jsonLines(_ url: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    /// A run's results as plain JSON objects, comparable with the oracle's `results`.
    public static func jsonObject(_ value: PropertyListValue?) -> Any {
        guard let value else { return NSNull() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return NSNull() }
        return object
    }

    /// Deep equality of JSON objects (numbers compare by value).
    public static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (is NSNull, is NSNull): return true
        case (nil, is NSNull), (is NSNull, nil): return true
        case let (x as [String: Any], y as [String: Any]):
            guard Set(x.keys) == Set(y.keys) else { return false }
            return x.allSatisfy { equal($0.value, y[$0.key]) }
        case let (x as [Any], y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case let (x as String, y as String): return x == y
        case let (x as NSNumber, y as NSNumber): return x == y
        default: return false
        }
    }

    /// The keys whose values differ, for failure messages.
    public static func differences(_ a: [String: Any], _ b: [String: Any]) -> [String] {
        Set(a.keys).union(b.keys).sorted().filter { !equal(a[$0], b[$0]) }.map { key in
            "\(key): simulator \(String(describing: a[key] ?? "missing")) ≠ WebKit \(String(describing: b[key] ?? "missing"))"
        }
    }
}

/// Runs a script on a page file with the library, as the command line would.
public enum SimulatorHarness {
    public static let simulator = Simulator()
    /// Tests run in parallel and share `simulator`'s virtual machine, whose watchdog and VM
    /// belong to one thread at a time: every use of it — runs, and pages built directly on it
    /// (`evaluate`) — takes this lock. (`Simulator.run`'s own lock does not cover pages built
    /// beside it; two threads on one machine mix up the watchdog, and a script is terminated
    /// for another's time.)
    private static let machineLock = NSLock()

    /// Runs `request` on the shared simulator, taking turns with every other use of its machine.
    public static func run(_ request: RunRequest) -> Transcript {
        machineLock.lock()
        defer { machineLock.unlock() }
        return simulator.run(request)
    }

    /// `inOracleWindow`: lay the page out in the oracle's default window whatever its viewport
    /// tag says, for cases recorded there (the edge cases).
    public static func run(script: String, page: String, url: String?, select: String? = nil,
                           handler: NSExtensionRequestHandling = NoFinalizeHandler(), inOracleWindow: Bool = false) throws -> Transcript {
        let loaded = try PageLoader.load(path: page, options: PageLoadOptions(url: url))
        var request = RunRequest(scriptPath: script, page: loaded, handler: handler)
        if inOracleWindow { request.fixedLayoutViewport = oracleWindowSize }
        if let select { request.selection = .text(select, occurrence: 1) }
        machineLock.lock()
        defer { machineLock.unlock() }
        return simulator.run(request)
    }

    /// The window DOM cases are recorded in (`Tests/record-dom-cases.py`, the oracle's default
    /// `--viewport`): a desktop WebKit window, which lays every page out at its own size whatever
    /// the page's viewport tag says.
    public static let oracleWindowSize = (width: 390, height: 844)

    /// A page configuration laid out in the oracle's window.
    public static func oracleWindow(url: String) -> PageContext.Configuration {
        var configuration = PageContext.Configuration(url: url)
        configuration.fixedLayoutViewport = oracleWindowSize
        return configuration
    }

    /// Builds a page from HTML, laid out in the oracle's window, and evaluates an expression in
    /// it; returns `String(value)`.
    public static func evaluate(_ expression: String, html: String, url: String = "https://example.com/page.html",
                                selectText: String? = nil, occurrence: Int = 1) throws -> String {
        machineLock.lock()
        defer { machineLock.unlock() }
        let page = try PageContext(html: html, configuration: oracleWindow(url: url), machine: simulator.machine)
        if let selectText { _ = try page.selectText(selectText, occurrence: occurrence) }
        return try page.javaScript.evaluate("String((function () { return (\(expression)); })())").stringValue
    }

    /// Evaluates an expression as a preprocessing script and waits for its value to settle (a
    /// promise, or any value) on the page's event loop; returns `String(value)`, `rejected Name:
    /// message` or `threw Name: message`, as `Tests/record-dom-cases.py` records an `"async"` case.
    public static func evaluateAsync(_ expression: String, html: String, url: String = "https://example.com/page.html",
                                     fixtures: [NetworkFixture] = [], seed: UInt32 = 0) throws -> String {
        let script = """
        var ExtensionPreprocessingJS = { run: function (a) {
          var done = function (value) { a.completionFunction({ value: value }); };
          try {
            Promise.resolve((function () { return (\(expression)); })()).then(function (v) { done(String(v)); },
              function (e) { done("rejected " + (e && e.name) + ": " + (e && e.message)); });
          } catch (e) { done("threw " + (e && e.name) + ": " + (e && e.message)); }
        } };
        """
        return try runCase(script, html: html, url: url) { request in
            request.seed = seed
            request.fixtures = fixtures
        }
    }

    /// Runs the page's own scripts (`--page-scripts`), then evaluates an expression as a
    /// preprocessing script; returns `String(value)`, or `threw Name: message`, as
    /// `Tests/record-dom-cases.py` records it.
    public static func evaluateAfterPageScripts(_ expression: String, html: String,
                                                url: String = "https://example.com/page.html") throws -> String {
        let script = """
        var ExtensionPreprocessingJS = { run: function (a) {
          var value;
          try { value = String((function () { return (\(expression)); })()); }
          catch (e) { value = "threw " + (e && e.name) + ": " + (e && e.message); }
          a.completionFunction({ value: value });
        } };
        """
        return try runCase(script, html: html, url: url) { $0.pageScripts = true }
    }

    /// Runs a case's script deterministically on a page made from `html`; returns the `value` it
    /// gave completionFunction, or the diagnostics when it gave none.
    private static func runCase(_ script: String, html: String, url: String, configure: (inout RunRequest) -> Void) throws -> String {
        let page = try PageLoader.load(data: Data(html.utf8), path: "page.html", options: PageLoadOptions(url: url))
        var request = RunRequest(scriptPath: "case.js", scriptSource: script, page: page, handler: NoFinalizeHandler())
        request.deterministic = true
        request.fixedLayoutViewport = oracleWindowSize
        configure(&request)
        let transcript = run(request)
        guard case .dictionary(let results)? = transcript.results, case .string(let value)? = results["value"] else {
            return "no value: \(transcript.diagnostics.map { "\($0.code): \($0.message)" }.joined(separator: "; "))"
        }
        return value
    }
}
