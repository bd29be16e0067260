import Foundation
import Testing
@testable import PreprocessingKit
@testable import PreprocessSimCommandLine
import TestSupport

/// `preprocess-sim init-handler --from DIR`: a package around an Xcode extension target whose
/// Swift files compile unchanged; one build of it (seed 003's Share extension) runs the view
/// controller in the simulator.
@Suite struct InitHandlerFromTests {
    static let share = Paths.repository.appendingPathComponent("Examples/ShareExtension")

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("init-handler-from-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a program to its end; returns its exit code, standard output and standard error.
    func execute(_ executable: String, _ arguments: [String], in directory: URL) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both while it runs: a full pipe would stop it.
        let errorData = LockedData()
        let reader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { Thread.sleep(forTimeInterval: 0.01) }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errorData.data, as: UTF8.self))
    }

    func generate(from folder: URL, name: String? = nil, into output: URL) -> (code: Int32, out: String, err: String) {
        let out = CheckCommandTests.Buffer(), err = CheckCommandTests.Buffer()
        let code = PreprocessSim.main(["init-handler"] + (name.map { [$0] } ?? []) + ["--from", folder.path, "--output", output.path, "--kit", Paths.repository.path],
                                      output: Output(writeOut: { out.append($0) }, writeError: { err.append($0) }))
        return (code, out.text, err.text)
    }

    @Test func parseTakesTheNameFromTheFolder() throws {
        #expect(try PreprocessSim.parse(["init-handler", "--from", "Examples/ShareExtension"])
                == .initHandler(InitHandlerCommand(name: "ShareExtension", outputDirectory: nil, kitPath: nil, fromDirectory: "Examples/ShareExtension")))
        #expect(try PreprocessSim.parse(["init-handler", "Bookmarks", "--from", "x/Share Extension", "--kit", "/k"])
                == .initHandler(InitHandlerCommand(name: "Bookmarks", outputDirectory: nil, kitPath: "/k", fromDirectory: "x/Share Extension")))
        #expect(InitHandlerCommand.identifier(from: "Share Extension") == "Share_Extension")
        #expect(InitHandlerCommand.identifier(from: "3D-Touch") == "_3D_Touch")
        #expect(throws: UsageError.self) { try PreprocessSim.parse(["init-handler", "A", "B", "--from", "x"]) }
        #expect(throws: UsageError.self) { try PreprocessSim.parse(["init-handler", "my-name", "--from", "x"]) }
    }

    @Test func packageLinksTheSourcesAndCreatesTheStoryboardsController() throws {
        let output = try temporaryFolder()
        let result = generate(from: Self.share, into: output)
        try #require(result.code == 0, "\(result.err)")
        let root = output.appendingPathComponent("ShareExtension")
        let link = root.appendingPathComponent("Sources/ShareExtension/Extension/ShareViewController.swift").path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == Self.share.appendingPathComponent("ShareViewController.swift").path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("Extension").path) == Self.share.path)
        let runner = try String(contentsOf: root.appendingPathComponent("Sources/ShareExtension/main.swift"), encoding: .utf8)
        #expect(runner.contains(#"PreprocessSimExtensionHost(storyboard: "MainInterface", className: "ShareViewController") { ShareViewController(coder: $0) }"#))
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for module in ["UIKit", "Social", "MobileCoreServices", "UniformTypeIdentifiers", "PreprocessSimCommandLine"] {
            #expect(manifest.contains(#".product(name: "\#(module)", package: kit)"#), "\(module)")
        }
        #expect(manifest.contains(#".executable(name: "ShareExtension-sim", targets: ["ShareExtension"])"#))
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("swift build\nswift run ShareExtension-sim run --extension Extension/Info.plist --page PAGE.html --select TEXT --handler ShareExtension\n"))
        #expect(readme.contains(#""handler": "ShareExtension""#))
        #expect(readme.contains("swift run ShareExtension-sim test my.suite.json"))
        #expect(result.out.contains("principal class: ShareViewController (the initial view controller of Base.lproj/MainInterface.storyboard)"))
    }

    @Test func principalClassIsCreatedWithInit() throws {
        let output = try temporaryFolder()
        let result = generate(from: Paths.repository.appendingPathComponent("Examples/ComposeExtension"), name: "ReadLater", into: output)
        try #require(result.code == 0, "\(result.err)")
        let runner = try String(contentsOf: output.appendingPathComponent("ReadLater/Sources/ReadLater/main.swift"), encoding: .utf8)
        #expect(runner.contains(#"handlers: ["ReadLater": { PreprocessSimExtensionHost(principalClass: "ComposeViewController") { ComposeViewController() } }]"#))
    }

    @Test func aTargetWithErrorsWritesNothing() throws {
        let folder = try temporaryFolder()
        try """
            <plist version="1.0"><dict><key>NSExtension</key><dict>
            <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
            <key>NSExtensionPrincipalClass</key><string>Missing</string>
            </dict></dict></plist>
            """.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let output = try temporaryFolder()
        let result = generate(from: folder, name: "Broken", into: output)
        #expect(result.code == 1)
        #expect(result.err.contains("Info.plist:3:"), "\(result.err)")
        #expect(result.err.contains("[\(DiagnosticCode.principalClassNotFound)]"))
        #expect(result.err.contains("no package was written"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Broken").path))
        #expect(generate(from: folder.appendingPathComponent("nope"), into: output).code == 2)
    }

    /// The package build of the suite, then seed 003's view controller on a saved page. The
    /// scratch path is the one `InitHandlerTests` builds its template in: the kit is built once
    /// for both packages (SwiftPM's lock on the folder makes the second build wait, then it
    /// compiles only its own module: a few seconds), and under this repository's `.build` the
    /// next run of the tests reuses it.
    @Test(.timeLimit(.minutes(20))) func seed003ShareExtensionBuildsAndItsViewControllerGetsTheResults() throws {
        let output = try temporaryFolder()
        let result = generate(from: Self.share, into: output)
        try #require(result.code == 0, "\(result.err)")
        let package = output.appendingPathComponent("ShareExtension")
        let scratch = Paths.repository.appendingPathComponent(".build/init-handler-template").path
        let built = try execute("swift", ["build", "--scratch-path", scratch], in: package)
        try #require(built.status == 0, "\(built.out)\(built.err)")

        let page = Paths.repository.appendingPathComponent("Pages/mozilla-hacks-fetch.html").path
        let ran = try execute(scratch + "/debug/ShareExtension-sim",
                              ["run", "--extension", "Extension/Info.plist", "--page", page,
                               "--url", "https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/",
                               "--select", "of concerns. The input, output", "--handler", "ShareExtension", "--format", "json"], in: package)
        #expect(ran.status == 0, "\(ran.out)\(ran.err)")
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(ran.out.utf8))
        #expect(transcript.handler.name == "ShareExtension")
        #expect(transcript.handler.completed)
        let calls = transcript.handler.calls
        #expect(calls.contains("ShareViewController.viewDidLoad()"), "\(calls)")
        #expect(calls.contains("on screen: UILabel \"This API is so Fetching! ✩ Mozilla Hacks – the Web developer blog\""), "\(calls)")
        #expect(calls.contains("on screen: UILabel \"https://hacks.mozilla.org/2015/03/this-api-is-so-fetching/\""))
        #expect(calls.contains("on screen: UITextView \"of concerns. The input, output\""))
        #expect(transcript.succeeded, "\(transcript.diagnostics.map(\.formatted))")

        // The README's suite, with a page and a selection, through the same binary.
        let readme = try String(contentsOf: package.appendingPathComponent("README.md"), encoding: .utf8)
        let suite = try #require(readme.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        try suite.replacingOccurrences(of: "PAGE.html", with: page).replacingOccurrences(of: "TEXT", with: "of concerns. The input, output")
            .write(to: package.appendingPathComponent("my.suite.json"), atomically: true, encoding: .utf8)
        let tested = try execute(scratch + "/debug/ShareExtension-sim", ["test", "my.suite.json"], in: package)
        #expect(tested.status == 0, "\(tested.out)\(tested.err)")
        #expect(tested.out.contains("1 passed"), "\(tested.out)")
    }

    /// An Action extension shaped like the real ones `init-handler` refused: the count written
    /// `<string>1</string>`, the script in `Resources/`, the class registered with
    /// `@objc(Name)` inside `#if os(iOS)`, an outlet, an action and a `#selector` for its bar
    /// button. The package compiles a copy with the edits listed, and the view controller gets
    /// the results (built in the examples' scratch folder: only this module compiles).
    @Test(.timeLimit(.minutes(20))) func aTargetShapedLikeTheRealOnesBuildsAndGetsTheResults() throws {
        let target = try temporaryFolder().appendingPathComponent("Reader Action")
        let files: [String: String] = [
            "Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                	<key>NSExtension</key>
                	<dict>
                		<key>NSExtensionAttributes</key>
                		<dict>
                			<key>NSExtensionActivationRule</key>
                			<dict>
                				<key>NSExtensionActivationSupportsWebPageWithMaxCount</key>
                				<string>1</string>
                			</dict>
                			<key>NSExtensionJavaScriptPreprocessingFile</key>
                			<string>Action</string>
                		</dict>
                		<key>NSExtensionPrincipalClass</key>
                		<string>$(PRODUCT_MODULE_NAME).ReaderController</string>
                		<key>NSExtensionPointIdentifier</key>
                		<string>com.apple.ui-services</string>
                	</dict>
                </dict>
                </plist>
                """,
            "Resources/Action.js": """
                var Action = function() {};
                Action.prototype = {
                    run: function(arguments) { arguments.completionFunction({ "title": document.title }); },
                    finalize: function(arguments) { document.title = arguments["saved"]; }
                };
                var ExtensionPreprocessingJS = new Action;
                """,
            "ActionViewController.swift": """
                import UIKit
                import MobileCoreServices

                #if os(iOS)
                @objc(ReaderController)
                class ActionViewController: UIViewController {
                    @IBOutlet weak var titleLabel: UILabel!

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        view.addSubview(titleLabel)
                        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done))
                        let item = extensionContext!.inputItems.first as! NSExtensionItem
                        let provider = item.attachments!.first!
                        provider.loadItem(forTypeIdentifier: kUTTypePropertyList as String, options: nil) { [weak self] item, _ in
                            let results = (item as? NSDictionary)?[NSExtensionJavaScriptPreprocessingResultsKey] as? NSDictionary
                            OperationQueue.main.addOperation {
                                self?.titleLabel.text = results?["title"] as? String
                                self?.done()
                            }
                        }
                    }

                    @IBAction func done() {
                        let saved = NSItemProvider(item: [NSExtensionJavaScriptFinalizeArgumentKey: ["saved": "Saved"]] as NSDictionary,
                                                   typeIdentifier: kUTTypePropertyList as String)
                        let item = NSExtensionItem()
                        item.attachments = [saved]
                        extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
                    }
                }
                #endif
                """,
        ]
        for (path, text) in files {
            let file = target.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let output = try temporaryFolder()
        let result = generate(from: target, name: "ReaderAction", into: output)
        try #require(result.code == 0, "\(result.err)")
        #expect(result.err.contains("[activation-count-string]"), "\(result.err)")
        #expect(result.err.contains("[principal-class-conditional]"))
        #expect(result.err.contains("[ib-outlet-unsupported]"))
        #expect(result.out.contains("principal class: ActionViewController (NSExtensionPrincipalClass)"), "\(result.out)")
        #expect(result.out.contains("ActionViewController.swift:4: os(iOS) → true"))
        #expect(result.out.contains("ActionViewController.swift:5: @objc(ReaderController) removed"))
        #expect(result.out.contains("ActionViewController.swift:12: #selector(done) → Selector(\"done\")"))
        #expect(result.out.contains("--resources Extension/Resources"))
        let package = output.appendingPathComponent("ReaderAction")
        let copy = package.appendingPathComponent("Sources/ReaderAction/Extension/ActionViewController.swift")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: copy.path)) == nil, "a copy, not a link")
        #expect(try String(contentsOf: target.appendingPathComponent("ActionViewController.swift"), encoding: .utf8) == files["ActionViewController.swift"])

        let scratch = Paths.repository.appendingPathComponent(".build/init-handler-template").path
        let built = try execute("swift", ["build", "--scratch-path", scratch, "--product", "ReaderAction-sim"], in: package)
        try #require(built.status == 0, "\(built.out)\(built.err)")
        let page = Paths.repository.appendingPathComponent("Pages/mozilla-hacks-fetch.html").path
        let ran = try execute(scratch + "/debug/ReaderAction-sim",
                              ["run", "--extension", "Extension/Info.plist", "--resources", "Extension/Resources", "--page", page,
                               "--handler", "ReaderAction", "--format", "json"], in: package)
        #expect(ran.status == 0, "\(ran.out)\(ran.err)")
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(ran.out.utf8))
        #expect(transcript.handler.completed)
        #expect(transcript.handler.calls.contains("on screen: UILabel \"This API is so Fetching! ✩ Mozilla Hacks – the Web developer blog\""), "\(transcript.handler.calls)")
        #expect(transcript.diagnostics.map(\.code).contains("activation-count-string"))
        #expect(!transcript.diagnostics.contains { $0.severity == .error }, "\(transcript.diagnostics.map(\.formatted))")
    }

    @Test func runTakesTheComposeSheetsButton() throws {
        let base = ["run", "--script", "a.js", "--page", "p.html"]
        guard case .run(let posted) = try PreprocessSim.parse(base),
              case .run(let cancelled) = try PreprocessSim.parse(base + ["--cancel"]),
              case .run(let both) = try PreprocessSim.parse(base + ["--cancel", "--post"]) else {
            Issue.record("not run commands")
            return
        }
        #expect(posted.composeChoice == .post)
        #expect(cancelled.composeChoice == .cancel)
        #expect(both.composeChoice == .post)
    }

    /// A folder or a kit may be called anything: each name stays a name in the generated files
    /// (a `//` comment cannot end early and make the rest code; a string literal holds it exactly).
    @Test func aHostileFolderNameStaysANameInTheGeneratedCode() throws {
        let compose = Paths.repository.appendingPathComponent("Examples/ComposeExtension")
        let hostile = try temporaryFolder().appendingPathComponent("Compose\"Ext\nexit(3); x")
        try FileManager.default.createDirectory(at: hostile, withIntermediateDirectories: true)
        for file in ["ComposeViewController.swift", "Info.plist", "ShareScript.js"] {
            // The script is a link into Scripts/: copy what it points to.
            try Data(contentsOf: compose.appendingPathComponent(file)).write(to: hostile.appendingPathComponent(file))
        }
        let output = try temporaryFolder(), plainOutput = try temporaryFolder()
        let result = generate(from: hostile, name: "ReadLater", into: output)
        try #require(result.code == 0, "\(result.err)")
        try #require(generate(from: compose, name: "ReadLater", into: plainOutput).code == 0)
        func read(_ folder: URL, _ path: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent("ReadLater/" + path), encoding: .utf8)
        }
        func code(_ text: String) -> [String] {
            text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.map(String.init)
        }
        let runner = try read(output, "Sources/ReadLater/main.swift")
        #expect(code(runner) == code(try read(plainOutput, "Sources/ReadLater/main.swift")))
        #expect(runner.contains(#"--from \#(hostile.deletingLastPathComponent().path)/Compose"Ext\nexit(3); x`"#), "\(runner)")
        #expect(try read(output, "README.md").split(separator: "\n").count == (try read(plainOutput, "README.md")).split(separator: "\n").count)

        // The kit's path and folder name go into Package.swift's string literals, escaped.
        let kitPath = "/k/Kit\"\n.package(path: \"/evil\")", kitIdentity = "Kit\"\\"
        let manifest = ExtensionPackageTemplate.manifest(name: "ReadLater", kitPath: kitPath, kitIdentity: kitIdentity)
        #expect(manifest.contains(#".package(path: "/k/Kit\"\n.package(path: \"/evil\")"),"#), "\(manifest)")
        #expect(manifest.contains(#"let kit = "Kit\"\\""#))
        let template = InitHandlerTemplate.manifest(name: "Notes", kitPath: kitPath, kitIdentity: kitIdentity)
        #expect(template.contains(#".product(name: "PreprocessingKit", package: "Kit\"\\")"#), "\(template)")
        #expect(code(template).count == code(InitHandlerTemplate.manifest(name: "Notes", kitPath: "/k", kitIdentity: "k")).count)
        // All of it parses as Swift (a raw line break in a string literal does not).
        for (name, text) in [("main.swift", runner), ("from-Package.swift", manifest), ("Package.swift", template)] {
            let file = output.appendingPathComponent("parse-" + name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let parsed = try execute("swiftc", ["-parse", file.path], in: output)
            #expect(parsed.status == 0, "\(name): \(parsed.err)")
        }
    }
}

/// What the standard-error reader thread read, handed to the test's thread.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data?
    func set(_ data: Data) { lock.lock(); stored = data; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return stored != nil }
    var data: Data { lock.lock(); defer { lock.unlock() }; return stored ?? Data() }
}
