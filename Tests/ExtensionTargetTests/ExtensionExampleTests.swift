import Foundation
import XCTest
import PreprocessingKit
import Social
import UIKit
import TestSupport
@testable import ExtensionExamples

/// The example extension targets (Examples/), their Swift files compiled unchanged against the
/// simulator's UIKit, Social, MobileCoreServices and UniformTypeIdentifiers, run in process
/// through the host that drives a view controller as iOS does. (XCTest: Swift Testing's
/// cross-import overlay for Apple's UIKit, `_Testing_UIKit`, is looked for whenever a file
/// imports both Testing and a module named UIKit, and Linux has none.)
final class ExtensionExampleTests: XCTestCase {
    static let articleURL = "https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/"
    static let article = """
        <!DOCTYPE html><html><head><title>This API is So Fetching!</title></head>
        <body><p>Fetch gives a separation of concerns. The input, output and state are separate.</p></body></html>
        """

    static func example(_ path: String) -> String {
        Paths.repository.appendingPathComponent("Examples/\(path)").path
    }

    /// One exchange through `handler`, as `run` makes it.
    static func run(_ script: String, handler: NSExtensionRequestHandling, select: String? = "of concerns. The input, output",
                    html: String = article, compose: ComposeChoice = .post, handlerTimeout: Double = 10) throws -> Transcript {
        let page = try PageLoader.load(data: Data(html.utf8), path: "<html>", options: PageLoadOptions(url: articleURL))
        var request = RunRequest(scriptPath: script, page: page, handler: handler, handlerName: "Example")
        if let select { request.selection = .text(select, occurrence: 1) }
        request.composeChoice = compose
        request.handlerTimeout = handlerTimeout
        return Simulator().run(request)
    }

    static func shareHost() -> PreprocessSimExtensionHost {
        PreprocessSimExtensionHost(storyboard: "MainInterface", className: "ShareViewController") { ShareViewController(coder: $0) }
    }

    static func composeHost() -> PreprocessSimExtensionHost {
        PreprocessSimExtensionHost(principalClass: "ComposeViewController") { ComposeViewController() }
    }

    // MARK: Seed 003's Share extension

    func test_seed003ViewControllerGetsTitleURLAndSelection() throws {
        let transcript = try Self.run(Self.example("ShareExtension/ShareScript.js"), handler: Self.shareHost())
        XCTAssertTrue(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")
        XCTAssertTrue(transcript.handler.completed)
        let calls = transcript.handler.calls
        XCTAssertEqual(calls.first, "ShareViewController created by init?(coder:) (the initial view controller of MainInterface.storyboard)")
        // Appearance in iOS's order, then the seed's own calls, then what it showed.
        let order = ["ShareViewController.viewDidLoad()",
                     "NSItemProvider.hasItemConformingToTypeIdentifier(\"com.apple.property-list\") → true",
                     "NSItemProvider.loadItem(forTypeIdentifier: \"com.apple.property-list\")",
                     "ShareViewController.viewWillAppear(true)", "ShareViewController.viewDidAppear(true)",
                     "on screen: UILabel \"This API is So Fetching!\"",
                     "on screen: UILabel \"\(Self.articleURL)\"",
                     "on screen: UITextView \"of concerns. The input, output\"",
                     "NSExtensionContext.completeRequest(returningItems: 0 item(s))"]
        let indices = order.map { calls.firstIndex(of: $0) }
        XCTAssertTrue(!indices.contains(nil), "\(calls)")
        XCTAssertTrue(indices.compactMap { $0 } == indices.compactMap { $0 }.sorted(), "\(calls)")
    }

    // MARK: A compose sheet

    func test_composeSheetIsValidatedThenPosted() throws {
        let transcript = try Self.run(Self.example("ComposeExtension/ShareScript.js"), handler: Self.composeHost())
        XCTAssertTrue(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")
        XCTAssertTrue(transcript.handler.completed)
        XCTAssertNil(transcript.handler.cancelled)
        let calls = transcript.handler.calls
        let order = ["ComposeViewController created by init() (NSExtensionPrincipalClass)",
                     "ComposeViewController.viewDidLoad()", "ComposeViewController.viewDidAppear(true)",
                     "ComposeViewController.presentationAnimationDidFinish()",
                     "configuration item: \"List\" = \"Reading List\"",
                     "ComposeViewController.isContentValid() → true",
                     "the user taps Post: ComposeViewController.didSelectPost()",
                     "on screen: compose text \"of concerns. The input, output\"",
                     "on screen: compose placeholder \"Why read it later?\"",
                     "NSExtensionContext.completeRequest(returningItems: 0 item(s))"]
        let indices = order.map { calls.firstIndex(of: $0) }
        XCTAssertTrue(!indices.contains(nil), "\(calls)")
        XCTAssertTrue(indices.compactMap { $0 } == indices.compactMap { $0 }.sorted(), "\(calls)")
    }

    func test_composeSheetCancelled() throws {
        let transcript = try Self.run(Self.example("ComposeExtension/ShareScript.js"), handler: Self.composeHost(), compose: .cancel)
        XCTAssertTrue(transcript.handler.completed)
        XCTAssertTrue(transcript.handler.cancelled?.contains("3072") == true, "\(transcript.handler.cancelled ?? "nil")")
        XCTAssertTrue(transcript.handler.calls.contains("the user taps Cancel: ComposeViewController.didSelectCancel()"))
        XCTAssertTrue(!transcript.handler.calls.contains { $0.contains("didSelectPost") })
    }

    /// A note over 280 characters: isContentValid() is false, Post stays disabled, and the
    /// request never completes, as on a device.
    func test_invalidContentIsNeverPosted() throws {
        let long = String(repeating: "word ", count: 70) + "end"
        let html = "<title>Long</title><p>\(long)</p>"
        let transcript = try Self.run(Self.example("ComposeExtension/ShareScript.js"), handler: Self.composeHost(),
                                      select: long, html: html, handlerTimeout: 1)
        XCTAssertTrue(transcript.handler.calls.contains("ComposeViewController.isContentValid() → false"))
        XCTAssertTrue(transcript.handler.calls.contains { $0.hasPrefix("Post stays disabled") })
        XCTAssertTrue(transcript.diagnostics.map(\.code).contains(DiagnosticCode.handlerNotCompleted.rawValue))
        XCTAssertTrue(!transcript.handler.completed)
    }

    // MARK: Seed 000's request handler with its own imports

    func test_seed000HandlerRunsWithUIKitAndMobileCoreServicesImports() throws {
        let host = PreprocessSimExtensionHost(principalClass: "ActionRequestHandler") { ActionRequestHandler() }
        let transcript = try Self.run(Self.example("ActionExtension/Action.js"), handler: host, select: "separation of concerns")
        XCTAssertTrue(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")
        XCTAssertEqual(transcript.handler.calls.first, "ActionRequestHandler() created (NSExtensionPrincipalClass); beginRequest(with:)")
        XCTAssertEqual(transcript.finalize.alerts, ["已成功添加到筆記應用"])
    }

    /// The example is the built-in `example-notes` handler line for line, imports apart.
    func test_seed000ExampleIsTheBuiltInHandler() throws {
        func codeLines(_ path: String) throws -> [String] {
            try String(contentsOf: Paths.repository.appendingPathComponent(path), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
        }
        let example = try codeLines("Examples/ActionExtension/ActionRequestHandler.swift")
        XCTAssertTrue(!example.isEmpty)
        XCTAssertEqual(example, try codeLines("Sources/PreprocessingKit/ExtensionHost/Handlers/ActionRequestHandler.swift"))
        let text = try String(contentsOf: Paths.repository.appendingPathComponent("Examples/ActionExtension/ActionRequestHandler.swift"), encoding: .utf8)
        XCTAssertTrue(text.contains("\nimport UIKit\nimport MobileCoreServices\n"))
    }

    func test_exampleScriptsAreTheSeedScripts() throws {
        for (example, script) in [("ShareExtension/ShareScript.js", "ShareScript.js"), ("ComposeExtension/ShareScript.js", "ShareScript.js"),
                                  ("ActionExtension/Action.js", "Action.js")] {
            let copy = try String(contentsOfFile: Self.example(example), encoding: .utf8)
            let original = try String(contentsOf: Paths.repository.appendingPathComponent("Scripts/\(script)"), encoding: .utf8)
            XCTAssertEqual(copy, original, example)
        }
    }

    // MARK: What the host records and diagnoses

    func test_readingTheResultsAsAURLIsDiagnosed() throws {
        let transcript = try Self.run(Self.example("ShareExtension/ShareScript.js"),
                                      handler: PreprocessSimExtensionHost(principalClass: "URLReader") { URLReader() }, handlerTimeout: 2)
        let mismatch = transcript.diagnostics.first { $0.code == DiagnosticCode.resultsTypeMismatch.rawValue }
        XCTAssertEqual(mismatch?.severity, .warning, "\(transcript.diagnostics.map(\.formatted))")
        XCTAssertTrue(mismatch?.message.contains("\"public.url\"") == true)
        XCTAssertTrue(mismatch?.message.contains("\"com.apple.property-list\"") == true)
        XCTAssertTrue(transcript.handler.completed)
    }

    func test_askingForAURLFirstThenThePropertyListIsFine() throws {
        let transcript = try Self.run(Self.example("ShareExtension/ShareScript.js"),
                                      handler: PreprocessSimExtensionHost(principalClass: "URLThenPlistReader") { URLThenPlistReader() })
        XCTAssertTrue(!transcript.diagnostics.map(\.code).contains(DiagnosticCode.resultsTypeMismatch.rawValue))
        XCTAssertTrue(transcript.handler.calls.contains("on screen: UILabel \"This API is So Fetching!\""), "\(transcript.handler.calls)")
    }

    func test_asyncLoadItemDeliversTheResults() throws {
        let transcript = try Self.run(Self.example("ShareExtension/ShareScript.js"),
                                      handler: PreprocessSimExtensionHost(principalClass: "AsyncReader") { AsyncReader() })
        XCTAssertTrue(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")
        XCTAssertTrue(transcript.handler.calls.contains("on screen: UILabel \"\(Self.articleURL)\""), "\(transcript.handler.calls)")
    }

    func test_anAlertIsRecordedAndItsActionTapped() throws {
        let transcript = try Self.run(Self.example("ShareExtension/ShareScript.js"),
                                      handler: PreprocessSimExtensionHost(principalClass: "AlertingController") { AlertingController() })
        XCTAssertTrue(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")
        let calls = transcript.handler.calls
        XCTAssertTrue(calls.contains("AlertingController presents UIAlertController (alert) title: \"Saved\", message: \"This API is So Fetching!\", actions: [\"Undo\", \"OK\"]"), "\(calls)")
        XCTAssertTrue(calls.contains("the user taps \"OK\" in the alert"))
        XCTAssertTrue(calls.contains("AlertingController dismisses UIAlertController"))
        XCTAssertEqual(calls.last, "NSExtensionContext.completeRequest(returningItems: 0 item(s))")
    }

    /// Touching `view` in an initializer loads it there, as UIKit does; the host says so rather
    /// than calling viewDidLoad a second time.
    func test_aViewLoadedEarlyGetsViewDidLoadOnce() throws {
        let transcript = try Self.run(Self.example("ShareExtension/ShareScript.js"),
                                      handler: PreprocessSimExtensionHost(principalClass: "EarlyViewController") { EarlyViewController() })
        XCTAssertTrue(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")
        XCTAssertTrue(transcript.handler.calls.contains("EarlyViewController.viewDidLoad() ran already: the view was loaded before the host showed it"),
                      "\(transcript.handler.calls)")
        XCTAssertTrue(transcript.handler.calls.contains("on screen: UILabel \"loaded 1 time(s)\""), "\(transcript.handler.calls)")
    }

    func test_aViewControllerThatNeverCompletesIsReported() throws {
        let transcript = try Self.run(Self.example("ShareExtension/ShareScript.js"),
                                      handler: PreprocessSimExtensionHost(principalClass: "UIViewController") { UIViewController() }, handlerTimeout: 0.5)
        XCTAssertTrue(transcript.handler.calls.contains("UIViewController.viewDidAppear(true)"))
        XCTAssertTrue(transcript.diagnostics.map(\.code).contains(DiagnosticCode.handlerNotCompleted.rawValue))
    }
}

// MARK: View controllers written for these tests (as an extension's code is written)

/// Reads the attachment as a URL: Safari sent a property list, so nothing arrives.
final class URLReader: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let provider = (extensionContext?.inputItems.first as? NSExtensionItem)?.attachments?.first
        provider?.loadItem(forTypeIdentifier: UTType.url.identifier, options: nil) { item, error in
            OperationQueue.main.addOperation {
                self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
            }
        }
    }
}

/// Handles a shared URL or Safari's property list, whichever the attachment holds.
final class URLThenPlistReader: UIViewController {
    let label = UILabel()
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(label)
        guard let provider = (extensionContext?.inputItems.first as? NSExtensionItem)?.attachments?.first else { return }
        if provider.hasItemConformingToTypeIdentifier(UTType.url.identifier) {
            provider.loadItem(forTypeIdentifier: UTType.url.identifier, options: nil) { _, _ in }
        } else {
            provider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil) { item, _ in
                let results = (item as? NSDictionary)?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary
                DispatchQueue.main.async {
                    self.label.text = results?["title"] as? String
                    self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
                }
            }
        }
    }
}

/// The `async` form of loadItem.
final class AsyncReader: UIViewController {
    let label = UILabel()
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(label)
        guard let provider = (extensionContext?.inputItems.first as? NSExtensionItem)?.attachments?.first else { return }
        Task {
            let item = try await provider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil)
            let results = (item as? NSDictionary)?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary
            await MainActor.run {
                self.label.text = results?["url"] as? String
                self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
            }
        }
    }
}

/// Sets up its view in the initializer (so UIKit loads it there) and completes on appearing.
final class EarlyViewController: UIViewController {
    let label = UILabel()
    var loads = 0

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        view.backgroundColor = .systemBackground
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func viewDidLoad() {
        super.viewDidLoad()
        loads += 1
        view.addSubview(label)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        label.text = "loaded \(loads) time(s)"
        extensionContext?.completeRequest(returningItems: nil, completionHandler: nil)
    }
}

/// Tells the user the page was saved; completes when they tap OK.
final class AlertingController: UIViewController {
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard let provider = (extensionContext?.inputItems.first as? NSExtensionItem)?.attachments?.first else { return }
        provider.loadItem(forTypeIdentifier: UTType.propertyList.identifier, options: nil) { item, _ in
            let results = (item as? NSDictionary)?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary
            DispatchQueue.main.async {
                let alert = UIAlertController(title: "Saved", message: results?["title"] as? String, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Undo", style: .destructive))
                let ok = UIAlertAction(title: "OK", style: .default) { _ in
                    self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
                }
                alert.addAction(ok)
                alert.preferredAction = ok
                self.present(alert, animated: true)
            }
        }
    }
}
