import Foundation
import PreprocessingKit

/// `preprocess-sim init-handler NAME`: writes a Swift package in which a user's own request
/// handler runs in the simulator.
///
/// ```
/// NAME/
///   Package.swift                      depends on PreprocessingKit by path (--kit)
///   Sources/NAME/NAMEHandler.swift     the handler (seed 000's, to be replaced by yours)
///   Sources/NAME-sim/main.swift        preprocess-sim's command line, with --handler NAME
///   Tests/NAMETests/NAMEHandlerTests.swift   a Swift Testing test through the library API
/// ```
public struct InitHandlerCommand: Equatable {
    /// The package, module and handler name (a Swift identifier).
    public var name: String
    /// Where the package folder is created (default: the current directory).
    public var outputDirectory: String?
    /// The PreprocessingSimulator repository the package depends on; nil finds it.
    public var kitPath: String?
    /// `--from DIR`: an Xcode extension target's folder, whose Swift files the package compiles
    /// unchanged (InitHandlerFromFolder.swift).
    public var fromDirectory: String? = nil

    static func parse(_ arguments: [String]) throws -> InitHandlerCommand {
        var output: String?
        var kit: String?
        var from: String?
        var reader = ArgumentReader(arguments, command: "init-handler")
        try reader.parse { name, value in
            switch name {
            case "--output", "-o": output = try value()
            case "--kit": kit = try value()
            case "--from": from = try value()
            default: return false
            }
            return true
        }
        if let from {
            return try parseFrom(from, positionals: reader.positionals, output: output, kit: kit)
        }
        guard reader.positionals.count == 1, let name = reader.positionals.first else {
            throw UsageError("init-handler takes one NAME", command: "init-handler")
        }
        guard Self.isIdentifier(name) else {
            throw UsageError("'\(name)' is not a Swift identifier (letters, digits and _, not starting with a digit); it names the module and the handler class", command: "init-handler")
        }
        return InitHandlerCommand(name: name, outputDirectory: output, kitPath: kit)
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && CharacterSet.alphanumerics.contains($0)) }
    }

    /// The repository root: the first folder holding a `Package.swift` named
    /// "PreprocessingSimulator", going up from `start`.
    static func findKit(from start: URL) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            let manifest = directory.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"PreprocessingSimulator\"") {
                return directory
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path || directory.path == "/" { return nil }
            directory = parent
        }
    }

    /// The kit: `--kit`, else the repository around the current directory, else the one the
    /// running binary sits in (`.build/release/preprocess-sim`).
    func resolveKit() -> URL? {
        if let kitPath { return URL(fileURLWithPath: kitPath).standardizedFileURL }
        if let found = Self.findKit(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) { return found }
        let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        return Self.findKit(from: binary.deletingLastPathComponent())
    }

    /// The files of the package, by path relative to its folder.
    func files(kit: URL) -> [(path: String, text: String)] {
        // A path dependency's identity is its folder's name; products are named through it.
        let package = kit.lastPathComponent
        return [
            ("Package.swift", InitHandlerTemplate.manifest(name: name, kitPath: kit.path, kitIdentity: package)),
            ("Sources/\(name)/\(name)Handler.swift", InitHandlerTemplate.handler(name: name)),
            ("Sources/\(name)-sim/main.swift", InitHandlerTemplate.runner(name: name)),
            ("Tests/\(name)Tests/\(name)HandlerTests.swift", InitHandlerTemplate.test(name: name)),
            ("Scripts/Action.js", InitHandlerTemplate.actionScript),
            (".gitignore", ".build/\n"),
        ]
    }

    func execute(output: Output) -> Int32 {
        guard let kit = resolveKit() else {
            output.error("preprocess-sim: error: cannot find the PreprocessingSimulator repository from here or from the binary; pass --kit PATH")
            return PreprocessSim.ExitCode.usage
        }
        guard FileManager.default.fileExists(atPath: kit.appendingPathComponent("Package.swift").path) else {
            output.error("\(kit.path): error: no Package.swift here; --kit takes the PreprocessingSimulator repository")
            return PreprocessSim.ExitCode.usage
        }
        if let fromDirectory { return executeFrom(fromDirectory, kit: kit, output: output) }
        let root = URL(fileURLWithPath: outputDirectory ?? FileManager.default.currentDirectoryPath).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: root.path) {
            output.error("\(root.path): error: already exists; choose another NAME or --output")
            return PreprocessSim.ExitCode.usage
        }
        do {
            for file in files(kit: kit) {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            }
        } catch {
            output.error("\(root.path): error: cannot write the package: \(error)")
            return PreprocessSim.ExitCode.usage
        }
        output.write("""
        Created \(root.path)
          Sources/\(name)/\(name)Handler.swift   your request handler (replace its body with yours)
          Sources/\(name)-sim/main.swift          preprocess-sim with --handler \(name)
          Tests/\(name)Tests/                     a unit test through the library API

        cd \(GeneratedText.shellWord(root.path))
        swift build
        swift run \(name)-sim run --script Scripts/Action.js --page PAGE.html --select TEXT --handler \(name)
        swift test

        """)
        return PreprocessSim.ExitCode.success
    }
}

/// The text of the files `init-handler` writes.
enum InitHandlerTemplate {
    static func manifest(name: String, kitPath: String, kitIdentity: String) -> String {
        """
        // swift-tools-version:5.9
        // Written by `preprocess-sim init-handler \(name)`. PreprocessingKit is used from the
        // repository at the path below; change it if the repository moves.
        import PackageDescription

        let kit: Target.Dependency = .product(name: "PreprocessingKit", package: \(GeneratedText.swiftString(kitIdentity)))
        let commandLine: Target.Dependency = .product(name: "PreprocessSimCommandLine", package: \(GeneratedText.swiftString(kitIdentity)))

        let package = Package(
            name: "\(name)",
            products: [
                .executable(name: "\(name)-sim", targets: ["\(name)-sim"]),
            ],
            dependencies: [
                .package(path: \(GeneratedText.swiftString(kitPath))),
            ],
            targets: [
                // Your request handler, as it is on iOS but for its imports.
                .target(name: "\(name)", dependencies: [kit]),
                // preprocess-sim's command line with your handler registered as --handler \(name).
                .executableTarget(name: "\(name)-sim", dependencies: ["\(name)", commandLine]),
                .testTarget(name: "\(name)Tests", dependencies: ["\(name)", kit]),
            ]
        )

        """
    }

    static func handler(name: String) -> String {
        """
        // Your extension's request handler. On iOS its imports are `import UIKit` and
        // `import MobileCoreServices`; here PreprocessingKit provides the same Apple-named types
        // (NSExtensionContext, NSExtensionItem, NSItemProvider, kUTTypePropertyList, …).
        // This is seed 000's handler (a note-taking Action extension), as `--handler example-notes`
        // runs it: replace it with yours, and keep the class `public` with a
        // `public override init()` so the runner can create it.
        import Foundation
        import PreprocessingKit

        public class \(name)Handler: NSObject, NSExtensionRequestHandling {

            var extensionContext: NSExtensionContext?

            public override init() { super.init() }

            public func beginRequest(with context: NSExtensionContext) {
                self.extensionContext = context

                let identifierType = kUTTypePropertyList as String
                for item in context.inputItems as! [NSExtensionItem] {
                    for itemProvider in item.attachments ?? [] {
                        if itemProvider.hasItemConformingToTypeIdentifier(identifierType) {
                            itemProvider.loadItem(forTypeIdentifier: identifierType, options: nil, completionHandler: { (item, error) in
                                let dictionary = item as! NSDictionary
                                DispatchQueue.main.async {
                                    self.itemLoadCompletedWithPreprocessingResults(dictionary[NSExtensionJavaScriptPreprocessingResultsKey] as! NSDictionary)
                                }
                            })
                        }
                    }
                }
            }

            func itemLoadCompletedWithPreprocessingResults(_ javaScriptPreprocessingResults: NSDictionary) {
                if let text = javaScriptPreprocessingResults["args"] as? String {
                    let userDefaults = UserDefaults(suiteName: "group.name")
                    userDefaults?.set(text, forKey: "note")
                    self.doneWithResults(["message": "已成功添加到筆記應用"])
                }
            }

            func doneWithResults(_ resultsForJavaScriptFinalizeArg: [String: Any]?) {
                if let resultsForJavaScriptFinalize = resultsForJavaScriptFinalizeArg {
                    // What sits under this key is what the script's finalize() receives.
                    let resultsDictionary = [NSExtensionJavaScriptFinalizeArgumentKey: resultsForJavaScriptFinalize]
                    let resultsProvider = NSItemProvider(item: resultsDictionary as NSDictionary, typeIdentifier: kUTTypePropertyList as String)
                    let resultsItem = NSExtensionItem()
                    resultsItem.attachments = [resultsProvider]
                    self.extensionContext!.completeRequest(returningItems: [resultsItem], completionHandler: nil)
                } else {
                    self.extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
                }
                self.extensionContext = nil
            }
        }

        """
    }

    static func runner(name: String) -> String {
        """
        // preprocess-sim's command line, with \(name)Handler offered as `--handler \(name)`:
        //   swift run \(name)-sim run --script Scripts/Action.js --page PAGE.html --select TEXT --handler \(name)
        import Foundation
        import PreprocessSimCommandLine
        import \(name)

        exit(PreprocessSim.main(Array(CommandLine.arguments.dropFirst()),
                                handlers: ["\(name)": { \(name)Handler() }]))

        """
    }

    static func test(name: String) -> String {
        """
        // A unit test of the handler through PreprocessingKit's library API: the script runs on
        // a page, the handler gets its results, and finalize gets the handler's answer.
        import PreprocessingKit
        import Testing
        @testable import \(name)

        @Suite struct \(name)HandlerTests {
            let script = TestScript.source(\"\"\"
                var Action = function() {};
                Action.prototype = {
                    run: function(arguments) {
                        arguments.completionFunction({ "args": window.getSelection().toString() });
                    },
                    finalize: function(arguments) { alert(arguments["message"]); }
                };
                var ExtensionPreprocessingJS = new Action;
                \"\"\")

            @Test func selectedTextIsSavedAndFinalizeAlertsTheAnswer() throws {
                let transcript = try Simulator().run(script: script,
                                                     page: .html("<p>Remember to buy milk</p>"),
                                                     handler: \(name)Handler(),
                                                     selection: "buy milk")
                #expect(transcript.results == .dictionary(["args": .string("buy milk")]))
                #expect(transcript.handler.completed)
                #expect(transcript.finalize.alerts == ["已成功添加到筆記應用"])
                #expect(transcript.succeeded, "\\(transcript.diagnostics.map(\\.formatted))")
            }
        }

        """
    }

    static let actionScript = """
        // Seed 000's preprocessing file: run() sends the selected text as "args"; the handler
        // answers {"message": …} and finalize() alerts it.
        var Action = function() {};

        Action.prototype = {
            run: function(arguments) {
                var selection = window.getSelection();
                arguments.completionFunction({ "args": selection ? selection.toString() : "" });
            },
            finalize: function(arguments) {
                alert(arguments["message"]);
            }
        };

        var ExtensionPreprocessingJS = new Action

        """
}
