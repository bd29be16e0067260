import Foundation
import PreprocessingKit

/// `preprocess-sim init-handler [NAME] --from DIR`: a package that compiles an Xcode extension
/// target's Swift files unchanged, against the simulator's `UIKit`, `Social`,
/// `MobileCoreServices` and `UniformTypeIdentifiers`, and runs its principal class.
///
/// ```
/// NAME/
///   Package.swift                  one executable target, NAME, depending on the kit by path
///   Sources/NAME/main.swift        preprocess-sim's command line, the extension as --handler NAME
///   Sources/NAME/Extension/…       links to DIR's .swift files (edit them there)
///   Extension                      a link to DIR (its Info.plist and preprocessing file)
///   README.md                      how to build, run, and add it to a suite
/// ```
extension InitHandlerCommand {
    static func parseFrom(_ folder: String, positionals: [String], output: String?, kit: String?) throws -> InitHandlerCommand {
        guard positionals.count <= 1 else {
            throw UsageError("init-handler --from DIR takes at most one NAME", command: "init-handler")
        }
        let name = positionals.first ?? identifier(from: URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent)
        guard isIdentifier(name) else {
            throw UsageError("'\(name)' is not a Swift identifier (letters, digits and _, not starting with a digit); it names the module and --handler", command: "init-handler")
        }
        return InitHandlerCommand(name: name, outputDirectory: output, kitPath: kit, fromDirectory: folder)
    }

    /// A folder name as a module name: other characters become `_`, a leading digit gets one.
    static func identifier(from folderName: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in folderName.unicodeScalars {
            scalars.append(scalar == "_" || (scalar.isASCII && CharacterSet.alphanumerics.contains(scalar)) ? scalar : "_")
        }
        var name = String(scalars)
        if name.isEmpty || name.unicodeScalars.first.map({ CharacterSet.decimalDigits.contains($0) }) == true { name = "_" + name }
        return name
    }

    /// The Swift files that need edits to compile on Linux, with them (ExtensionSourceRewrite).
    static func rewrites(of target: ExtensionTarget) -> [String: ExtensionSourceRewrite] {
        var rewrites: [String: ExtensionSourceRewrite] = [:]
        for swiftFile in target.swiftFiles {
            guard let text = try? String(contentsOf: target.folder.appendingPathComponent(swiftFile), encoding: .utf8) else { continue }
            let rewrite = ExtensionSourceRewrite(text)
            if !rewrite.changes.isEmpty { rewrites[swiftFile] = rewrite }
        }
        return rewrites
    }

    /// `File.swift:12: @IBAction removed (…)`, by file then line.
    static func changeList(_ rewrites: [String: ExtensionSourceRewrite]) -> [String] {
        rewrites.keys.sorted().flatMap { file in rewrites[file]!.changes.map { "\(file):\($0.line): \($0.what)" } }
    }

    /// The files of the package (links and copies apart), by path relative to its folder.
    func fromFiles(target: ExtensionTarget, principal: ExtensionTarget.Principal, kit: URL, changes: [String] = []) -> [(path: String, text: String)] {
        [
            ("Package.swift", ExtensionPackageTemplate.manifest(name: name, kitPath: kit.path, kitIdentity: kit.lastPathComponent)),
            ("Sources/\(name)/main.swift", ExtensionPackageTemplate.runner(name: name, principal: principal, folder: target.folder.path)),
            ("README.md", ExtensionPackageTemplate.readme(name: name, target: target, principal: principal, changes: changes)),
            (".gitignore", ".build/\n"),
        ]
    }

    func executeFrom(_ folder: String, kit: URL, output: Output) -> Int32 {
        let folderURL = URL(fileURLWithPath: folder).standardizedFileURL
        guard FileManager.default.isDirectory(folderURL.path) else {
            output.error("\(folder): error: not a folder; --from takes the extension target's folder (its Info.plist, .swift files, preprocessing .js)")
            return PreprocessSim.ExitCode.usage
        }
        let target = ExtensionTarget(folder: folderURL)
        for diagnostic in target.diagnostics where diagnostic.severity == .error { output.error(diagnostic.formatted) }
        guard !target.hasErrors, let principal = target.principal else {
            for diagnostic in target.diagnostics where diagnostic.severity == .warning { output.error(diagnostic.formatted) }
            output.error("preprocess-sim: error: the extension target has errors (above); no package was written")
            return PreprocessSim.ExitCode.failure
        }
        for diagnostic in target.diagnostics where diagnostic.severity == .warning { output.error(diagnostic.formatted) }
        let root = URL(fileURLWithPath: outputDirectory ?? FileManager.default.currentDirectoryPath).appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: root.path) {
            output.error("\(root.path): error: already exists; choose another NAME or --output")
            return PreprocessSim.ExitCode.usage
        }
        let rewrites = Self.rewrites(of: target)
        let changes = Self.changeList(rewrites)
        do {
            for file in fromFiles(target: target, principal: principal, kit: kit, changes: changes) {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: url)
            }
            // Links, not copies: the package compiles the files where the Xcode project keeps them;
            // a file that needs edits to compile on Linux is a copy with them (listed).
            for swiftFile in target.swiftFiles {
                let destination = root.appendingPathComponent("Sources/\(name)/Extension/\(swiftFile)")
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                if let rewrite = rewrites[swiftFile] {
                    try Data(rewrite.text.utf8).write(to: destination)
                } else {
                    try FileManager.default.createSymbolicLink(atPath: destination.path, withDestinationPath: folderURL.appendingPathComponent(swiftFile).path)
                }
            }
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Extension").path, withDestinationPath: folderURL.path)
        } catch {
            output.error("\(root.path): error: cannot write the package: \(error)")
            return PreprocessSim.ExitCode.usage
        }
        output.write("""
        Created \(root.path)
          Sources/\(name)/main.swift     preprocess-sim with the extension as --handler \(name)
          Sources/\(name)/Extension/     links to the extension's \(target.swiftFiles.count - rewrites.count) Swift file(s), compiled unchanged\(rewrites.isEmpty ? "" : ", and copies of \(rewrites.count) with the edits below")
          Extension                     a link to \(GeneratedText.comment(folderURL.path))
          principal class: \(principal.className) (\(ExtensionPackageTemplate.origin(of: principal)))\(changes.isEmpty ? "" : "\n\nEdits in the copies (the files in \(GeneratedText.comment(folderURL.path)) are unchanged):\n" + changes.map { "  " + GeneratedText.comment($0) }.joined(separator: "\n"))

        cd \(GeneratedText.shellWord(root.path))
        swift build
        \(ExtensionPackageTemplate.runCommand(name: name, target: target))

        """)
        return PreprocessSim.ExitCode.success
    }
}

/// The text of the files `init-handler --from` writes.
enum ExtensionPackageTemplate {
    static func origin(of principal: ExtensionTarget.Principal) -> String {
        switch principal.source {
        case .principalClass: return "NSExtensionPrincipalClass"
        case .storyboard(let path): return "the initial view controller of \(path)"
        }
    }

    static func runCommand(name: String, target: ExtensionTarget) -> String {
        // A preprocessing file in a subfolder is where Xcode's flat copy puts it for Safari; the
        // run looks there through --resources.
        let resources = target.resourcesFolder.map { " --resources " + GeneratedText.shellWord("Extension/" + $0) } ?? ""
        return "swift run \(name)-sim run --extension \(GeneratedText.shellWord("Extension/" + (target.infoPlist ?? "Info.plist")))\(resources) --page PAGE.html --select TEXT --handler \(name)"
    }

    static func manifest(name: String, kitPath: String, kitIdentity: String) -> String {
        """
        // swift-tools-version:5.9
        // Written by `preprocess-sim init-handler --from`. The extension's Swift files are compiled
        // unchanged against the simulator's UIKit, Social, MobileCoreServices and
        // UniformTypeIdentifiers, from the repository at the path below (change it if it moves).
        import PackageDescription

        let kit = \(GeneratedText.swiftString(kitIdentity))

        let package = Package(
            name: "\(name)",
            products: [
                .executable(name: "\(name)-sim", targets: ["\(name)"]),
            ],
            dependencies: [
                .package(path: \(GeneratedText.swiftString(kitPath))),
            ],
            targets: [
                // The extension's files (Sources/\(name)/Extension, links) and main.swift, the runner,
                // in one module, so the runner can create the extension's internal classes.
                .executableTarget(name: "\(name)", dependencies: [
                    .product(name: "PreprocessSimCommandLine", package: kit),
                    .product(name: "UIKit", package: kit),
                    .product(name: "Social", package: kit),
                    .product(name: "MobileCoreServices", package: kit),
                    .product(name: "UniformTypeIdentifiers", package: kit),
                ]),
            ]
        )

        """
    }

    /// The expression that makes the handler: the principal class created as iOS creates it.
    static func handlerExpression(principal: ExtensionTarget.Principal) -> String {
        let className = principal.className
        switch principal.source {
        case .principalClass:
            return "PreprocessSimExtensionHost(principalClass: \(GeneratedText.swiftString(className))) { \(className)() }"
        case .storyboard(let path):
            let storyboard = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            return "PreprocessSimExtensionHost(storyboard: \(GeneratedText.swiftString(storyboard)), className: \(GeneratedText.swiftString(className))) { \(className)(coder: $0) }"
        }
    }

    static func runner(name: String, principal: ExtensionTarget.Principal, folder: String) -> String {
        """
        // Written by `preprocess-sim init-handler --from \(GeneratedText.comment(folder))`: preprocess-sim's command line
        // with the extension registered as `--handler \(name)`. \(principal.className) is created as
        // iOS creates it (\(GeneratedText.comment(origin(of: principal)))) and, if it is a view controller, driven through
        // viewDidLoad, viewWillAppear and viewDidAppear.
        import PreprocessSimCommandLine
        import UIKit

        exit(PreprocessSim.main(Array(CommandLine.arguments.dropFirst()),
                                handlers: ["\(name)": { \(handlerExpression(principal: principal)) }]))

        """
    }

    static func readme(name: String, target: ExtensionTarget, principal: ExtensionTarget.Principal, changes: [String] = []) -> String {
        let script = target.script.map { "Extension/\($0)" } ?? "Extension/SCRIPT.js"
        let edits = changes.isEmpty ? "" : """

        ## Edits in the copies

        Swift on Linux has no Objective-C runtime and is not iOS, so these files are copies with
        the edits below, made by `init-handler`, line for line (run it again after editing them
        in the Xcode project):

        ```
        \(changes.map(GeneratedText.comment).joined(separator: "\n"))
        ```

        """
        return """
        # \(name) in the preprocessing simulator

        Written by `preprocess-sim init-handler --from \(GeneratedText.comment(target.folder.path))`. The extension's Swift
        files (\(GeneratedText.comment(target.swiftFiles.joined(separator: ", ")))) are compiled unchanged, through the links in
        `Sources/\(name)/Extension/`, against the simulator's `UIKit`, `Social`, `MobileCoreServices`
        and `UniformTypeIdentifiers`. The principal class, `\(principal.className)`, comes from
        \(GeneratedText.comment(origin(of: principal))). Edit the files in the Xcode project; rebuild here.
        \(edits)

        ## Build and run

        ```sh
        swift build
        \(runCommand(name: name, target: target))
        ```

        The first builds the package (and the simulator, the first time); the second runs the
        extension's preprocessing file (`\(GeneratedText.comment(script))`) on a saved page, hands the results to
        `\(principal.className)` as Safari does, and prints the transcript: what the view controller
        did (viewDidLoad, item loads, alerts it presented, the text on screen when the request
        ended) and how the request ended. A compose sheet (`SLComposeServiceViewController`) is
        posted by default; add `--cancel` to tap Cancel. `--format json` prints the transcript as
        JSON, `--trace` the timeline.

        ## Add it to a suite

        Any suite case can use the extension by its handler name, `\(name)`, when the suite runs
        through this package's binary (its cases run in worker processes of the same binary).
        `Extension` links to a folder outside the package, so the suite allows paths outside its
        own folder:

        ```json
        {
          "version": 1,
          "allowOutside": true,
          "cases": [
            { "id": "\(name.lowercased())-article", "script": \(GeneratedText.jsonString(script)), "page": "PAGE.html",
              "select": "TEXT", "handler": "\(name)", "expect": { "completed": true } }
          ]
        }
        ```

        ```sh
        swift run \(name)-sim test my.suite.json
        ```

        """
    }
}
