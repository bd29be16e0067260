import Foundation

/// The script half of `preprocess-sim check`: runs the preprocessing file the way Safari would,
/// on a blank page and on the shipped example page, and turns what went wrong into diagnostics.
///
/// ```swift
/// let diagnostics = ScriptCheck.run(scriptURL: URL(fileURLWithPath: "Scripts/Action.js"),
///                                   extensionPointIdentifier: "com.apple.ui-services")
/// ```
///
/// Codes (errors unless said otherwise), each message saying which page it was seen on:
/// - `syntax-error`, `script-threw`, `missing-global`, `missing-run`, `run-threw`,
///   `completion-not-called`, `timeout`: as `Simulator.run` reports them.
/// - `null-selection` (warning): `run` throws a TypeError when `getSelection()` returns null,
///   as some WebKit versions do for a page without a selection.
/// - `finalize-missing` (warning): an Action extension (which is expected to send finalize
///   arguments back) whose `ExtensionPreprocessingJS` has no `finalize` function.
/// - `example-page-missing` (note): the example page was not found, so only the blank page ran.
public enum ScriptCheck {
    /// The page every script must survive.
    public static let blankPageHTML = "<!DOCTYPE html><html><head><title></title></head><body></body></html>"
    /// The shipped example page, relative to the repository (or a folder above the plist).
    public static let examplePageRelativePath = "Pages/mozilla-hacks-fetch.html"

    /// Replaces both `getSelection` functions with ones that return null, before the script runs.
    static let nullSelectionPreScript = """
        (function () {
            var none = function getSelection() { return null; };
            try { Object.defineProperty(window, 'getSelection', { value: none, configurable: true, writable: true }); } catch (e) { window.getSelection = none; }
            try { Object.defineProperty(document, 'getSelection', { value: none, configurable: true, writable: true }); } catch (e) { document.getSelection = none; }
        })();
        """

    /// Codes of `Simulator.run` that mean the script itself failed.
    static let scriptFailureCodes: Set<String> = Set([
        DiagnosticCode.syntaxError, .scriptThrew, .missingGlobal, .missingRun, .runThrew,
        .completionNotCalled, .timeout, .notPlistValue, .completionCalledTwice, .iosSyntax, .iosAPIMissing,
    ].map(\.rawValue))

    /// Extension points that are Action extensions (expected to answer finalize).
    static let actionExtensionPoints: Set<String> = ["com.apple.ui-services", "com.apple.services"]

    /// Checks a script.
    ///
    /// - Parameters:
    ///   - scriptURL: the preprocessing file.
    ///   - extensionPointIdentifier: the plist's `NSExtensionPointIdentifier`, if known; an
    ///     Action extension point turns on the `finalize-missing` check.
    ///   - examplePage: the example page; nil searches for `examplePageRelativePath` from the
    ///     script's folder upwards and then from the current directory.
    ///   - timeout: CPU seconds `run` may take on each page before it is reported as `timeout`.
    ///   - simulator: reused, so the DOM is compiled once.
    ///   - iOS: run every check as Safari on that iOS version (`check --ios`).
    ///   - device: and on that device (`check --device`; nil: the iPhone).
    public static func run(scriptURL: URL, extensionPointIdentifier: String? = nil, examplePage: URL? = nil,
                           timeout: Double = 5, simulator: Simulator = Simulator(), iOS: IOSVersion? = nil,
                           device: SimulatedDevice? = nil) -> [Diagnostic] {
        let scriptPath = scriptURL.path
        guard let data = FileManager.default.contents(atPath: scriptPath) else {
            return [Diagnostic(.scriptUnreadable, "cannot read the preprocessing script", file: scriptPath)]
        }
        let source = String(decoding: data, as: UTF8.self)
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        func add(_ found: [Diagnostic], on pageName: String) {
            for diagnostic in found where scriptFailureCodes.contains(diagnostic.code) {
                let key = "\(diagnostic.code):\(diagnostic.line ?? 0):\(diagnostic.column ?? 0)"
                guard seen.insert(key).inserted else { continue }
                var reported = diagnostic
                reported.message = "on \(pageName): \(diagnostic.message)"
                diagnostics.append(reported)
            }
        }

        // The blank page. An Action's handler answers finalize, so run it through the echo
        // handler to see whether finalize is there to receive the answer.
        let isAction = extensionPointIdentifier.map(actionExtensionPoints.contains) ?? false
        guard let blank = try? PageLoader.load(data: Data(blankPageHTML.utf8), path: "<blank page>",
                                               options: PageLoadOptions(url: "https://example.com/")) else {
            return [Diagnostic(.internalError, "the simulator could not load its blank page")]
        }
        var request = RunRequest(scriptPath: scriptPath, scriptSource: source, page: blank,
                                 handler: isAction ? EchoHandler() : NoFinalizeHandler())
        request.timeout = timeout
        request.iOS = iOS
        request.device = device
        let blankRun = simulator.run(request)
        if let internalError = blankRun.diagnostics.first(where: { $0.code == DiagnosticCode.internalError.rawValue }) {
            return [internalError]
        }
        add(blankRun.diagnostics, on: "a blank page")
        // A syntax error or a missing global fails the same way everywhere, and a script that
        // loops on a blank page would only spend the time limit again on the other pages.
        let failsEverywhere = Set([DiagnosticCode.syntaxError, .scriptThrew, .missingGlobal, .missingRun, .timeout, .iosSyntax].map(\.rawValue))
        if blankRun.diagnostics.contains(where: { failsEverywhere.contains($0.code) }) {
            return diagnostics
        }
        if isAction && blankRun.handler.finalizeArguments != nil
            && blankRun.diagnostics.contains(where: { $0.code == DiagnosticCode.missingFinalize.rawValue }) {
            diagnostics.append(Diagnostic(.finalizeMissing,
                "ExtensionPreprocessingJS has no finalize function, but this is an Action extension, whose handler is expected to send finalize arguments back; Safari would drop them (define finalize, even empty, to show the answer was considered)",
                file: scriptPath))
        }

        // getSelection() returning null.
        if !blankRun.diagnostics.contains(where: { $0.code == DiagnosticCode.runThrew.rawValue || $0.code == DiagnosticCode.completionNotCalled.rawValue }) {
            request.handler = NoFinalizeHandler()
            request.preScript = nullSelectionPreScript
            let nullRun = simulator.run(request)
            if let threw = nullRun.diagnostics.first(where: { $0.code == DiagnosticCode.runThrew.rawValue }), threw.message.contains("TypeError") {
                diagnostics.append(Diagnostic(.nullSelection,
                    "run throws when getSelection() returns null, as some WebKit versions do on a page without a selection (\(threw.message.replacingOccurrences(of: "run threw before the extension got its results: ", with: ""))); the extension then receives nothing. Guard it: var s = window.getSelection(); var text = s ? s.toString() : \"\"",
                    file: threw.file, line: threw.line, column: threw.column))
            }
        }

        // The example page.
        if let example = examplePage ?? findExamplePage(near: scriptURL) {
            do {
                let page = try PageLoader.load(path: example.path)
                var exampleRequest = RunRequest(scriptPath: scriptPath, scriptSource: source, page: page)
                exampleRequest.timeout = timeout
                exampleRequest.iOS = iOS
                exampleRequest.device = device
                let exampleRun = simulator.run(exampleRequest)
                add(exampleRun.diagnostics, on: "the example page \(example.lastPathComponent)")
            } catch {
                diagnostics.append(Diagnostic(.examplePageMissing, "the example page \(example.path) could not be loaded (\(error)); only the blank page was checked", file: scriptPath))
            }
        } else {
            diagnostics.append(Diagnostic(.examplePageMissing,
                "\(examplePageRelativePath) was not found above the script or in the current directory; only the blank page was checked",
                file: scriptPath))
        }
        return diagnostics
    }

    /// `Pages/mozilla-hacks-fetch.html` in the script's folder or any folder above it, else in the
    /// current directory.
    public static func findExamplePage(near scriptURL: URL) -> URL? {
        var directory = scriptURL.standardizedFileURL.deletingLastPathComponent()
        var candidates: [URL] = []
        while true {
            candidates.append(directory.appendingPathComponent(examplePageRelativePath))
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path || directory.path == "/" { break }
            directory = parent
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(examplePageRelativePath))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
