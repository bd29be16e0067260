import Foundation

/// A preprocessing script for `Simulator.run(script:page:handler:selection:)`: a file, or
/// source text written in the test.
public enum TestScript: Sendable {
    case file(String)
    case source(String)
}

/// A page for `Simulator.run(script:page:handler:selection:)`: a saved page file (any format
/// `PageLoader` reads), or HTML text written in the test with the URL the page has.
public enum TestPage: Sendable {
    case file(String)
    case html(String, url: String = "https://example.com/")
}

extension Simulator {
    /// Runs one exchange with a request handler of your own and returns the transcript: the
    /// entry point for unit tests of handler logic (XCTest or Swift Testing) on Linux.
    ///
    /// ```swift
    /// import PreprocessingKit
    /// import Testing
    ///
    /// @Test func handlerAnswersFinalize() throws {
    ///     let transcript = try Simulator().run(script: .file("Scripts/Action.js"),
    ///                                          page: .html("<p>buy milk</p>"),
    ///                                          handler: ActionRequestHandler(),
    ///                                          selection: "buy milk")
    ///     #expect(transcript.finalize.alerts == ["已成功添加到筆記應用"])
    /// }
    /// ```
    ///
    /// The handler may hop to `DispatchQueue.main` or `OperationQueue.main`: called on the main
    /// thread (the command line) the simulator spins the main run loop while it waits; called
    /// from another thread (a Swift Testing test) the main queue runs on its own thread.
    ///
    /// - Parameters:
    ///   - script: the preprocessing file or its source.
    ///   - page: the page file or HTML text.
    ///   - handler: the handler instance (a fresh one per run, as on a device).
    ///   - selection: text the user selected before sharing (white space matches any run of it).
    ///   - handlerTimeout: real seconds the handler may take to complete the request.
    /// - Throws: `PageLoadError` when the page file cannot be read; the script's own failures
    ///   are diagnostics in the transcript, not errors.
    public func run(script: TestScript, page: TestPage, handler: NSExtensionRequestHandling,
                    selection: String? = nil, handlerTimeout: Double = 10) throws -> Transcript {
        let loaded: LoadedPage
        switch page {
        case .file(let path):
            loaded = try PageLoader.load(path: path)
        case .html(let html, let url):
            loaded = try PageLoader.load(data: Data(html.utf8), path: "<html>", options: PageLoadOptions(url: url))
        }
        var request: RunRequest
        switch script {
        case .file(let path):
            request = RunRequest(scriptPath: path, page: loaded, handler: handler)
        case .source(let source):
            request = RunRequest(scriptPath: "<script>", scriptSource: source, page: loaded, handler: handler)
        }
        if let selection { request.selection = .text(selection, occurrence: 1) }
        request.handlerTimeout = handlerTimeout
        return run(request)
    }
}
