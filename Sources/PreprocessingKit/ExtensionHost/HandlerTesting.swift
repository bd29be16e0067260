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
    /// from another thread (a Swift Testing test) the main queue runs on its own thread. From a
    /// `@MainActor` test, use the `async` form (`try await`): while this form waits, the main
    /// queue cannot run, and the handler times out (`handler-not-completed`, with a note).
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
        var transcript = run(request)
        if transcript.diagnostics.contains(where: { $0.code == DiagnosticCode.handlerNotCompleted.rawValue }) && MainQueueProbe.isOnMainQueueOffMainThread {
            transcript.diagnostics.append(Diagnostic(.mainQueueBlocked,
                "the simulator was called on the main queue off the main thread (a @MainActor test), so DispatchQueue.main and OperationQueue.main could not run the handler's work; call it with `try await` from there"))
        }
        return transcript
    }

    /// The same run on a thread of its own, so that the caller's actor (the main actor of a
    /// `@MainActor` test) is free while the handler works on `DispatchQueue.main`.
    ///
    /// ```swift
    /// @MainActor @Test func handlerAnswers() async throws {
    ///     let transcript = try await Simulator().run(script: .file("Scripts/Action.js"),
    ///                                                page: .html("<p>buy milk</p>"),
    ///                                                handler: ActionRequestHandler(), selection: "milk")
    /// }
    /// ```
    public func run(script: TestScript, page: TestPage, handler: NSExtensionRequestHandling,
                    selection: String? = nil, handlerTimeout: Double = 10) async throws -> Transcript {
        let work = UncheckedBox { try self.run(script: script, page: page, handler: handler, selection: selection, handlerTimeout: handlerTimeout) as Transcript }
        return try await withCheckedThrowingContinuation { continuation in
            // A plain thread rather than a dispatch queue: it must not be the main queue, and a
            // simulation that waits must not hold a thread of the cooperative pool.
            Thread { continuation.resume(with: Result { try work.value() }) }.start()
        }
    }
}

/// Carries a non-Sendable closure to the thread that runs it; the caller waits for it, so it is
/// never used from two threads at once.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: () throws -> Value
    init(_ value: @escaping () throws -> Value) { self.value = value }
}

/// Tells whether the current code runs on the main dispatch queue but not on the main thread,
/// which is where Swift Testing runs `@MainActor` tests on Linux.
enum MainQueueProbe {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Void = { DispatchQueue.main.setSpecific(key: key, value: true) }()

    static var isOnMainQueueOffMainThread: Bool {
        _ = marked
        return !Thread.isMainThread && DispatchQueue.getSpecific(key: key) == true
    }
}
