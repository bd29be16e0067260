import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An Xcode extension target's folder, read for `init-handler --from`: its `Info.plist`, its
/// Swift files, the class iOS instantiates, and the preprocessing file.
///
/// ```swift
/// let target = ExtensionTarget(folder: URL(fileURLWithPath: "Examples/ShareExtension"))
/// target.diagnostics.forEach { print($0.formatted) }
/// print(target.principal?.className ?? "none")   // ShareViewController
/// ```
///
/// The principal class is found as iOS finds it: `NSExtensionPrincipalClass` (its module prefix,
/// `$(PRODUCT_MODULE_NAME).`, dropped), else the initial view controller of
/// `NSExtensionMainStoryboard` (its `customClass`; a navigation controller's root view
/// controller when the initial one is a plain `UINavigationController`).
///
/// Diagnostic codes: the plist's own (`plist-…`, `preprocessing-file-…`, from `check`), and
/// - `preprocessing-file-ambiguous` (warning): several files in the folder have the
///   preprocessing file's name (Xcode copies resources flat, so Safari would see one);
/// - `principal-class-missing` (error): neither key is in `NSExtension`;
/// - `principal-class-not-found` (error): no Swift file of the folder declares the class;
/// - `storyboard-missing` (error): the storyboard file is not in the folder or cannot be read;
/// - `storyboard-no-initial-controller` (error): no initial view controller, or no `customClass`;
/// - `ib-outlet-unsupported` (warning): an `@IBOutlet`, which Swift on Linux rejects: the
///   package compiles a copy without it, and the outlet is not the storyboard's view;
/// - `module-unavailable` (warning): imports the package cannot build, each with its files;
/// - `principal-class-conditional` (warning): the principal class is inside an `#if` on the
///   platform (`os(iOS)`, `targetEnvironment`), at the `#if`'s line.
public struct ExtensionTarget: Sendable {
    /// How iOS gets to the principal class.
    public enum Source: Equatable, Sendable {
        /// `NSExtensionPrincipalClass`: created with `init()`.
        case principalClass
        /// The initial view controller of a storyboard: created with `init?(coder:)`.
        case storyboard(path: String)
    }

    public struct Principal: Equatable, Sendable {
        /// The class name without its module prefix.
        public var className: String
        public var source: Source
        /// The Swift file that declares it (relative to the folder).
        public var declaredIn: String?
    }

    public let folder: URL
    /// The `Info.plist` (relative to the folder).
    public var infoPlist: String?
    /// Every `.swift` file under the folder (relative paths, sorted).
    public var swiftFiles: [String] = []
    /// The preprocessing file the plist names (relative to the folder), when found.
    public var script: String?
    /// The subfolder (relative to the folder) that holds the preprocessing file when it is not
    /// next to the plist: `run --extension` needs it as `--resources`.
    public var resourcesFolder: String?
    public var principal: Principal?
    public var extensionPoint: String?
    /// In file order per file; the plist's first.
    public var diagnostics: [Diagnostic] = []

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
        let files = Self.files(under: self.folder)
        swiftFiles = files.filter { $0.hasSuffix(".swift") }.sorted()
        guard let plistPath = Self.infoPlist(in: files) else {
            diagnostics.append(Diagnostic(.plistUnreadable, "no Info.plist in the folder; an extension target's folder holds its Info.plist",
                                          file: self.folder.path))
            return
        }
        infoPlist = plistPath
        let plistFile = self.folder.appendingPathComponent(plistPath).path
        var inspection = ConfigurationCheck.inspect(plistPath: plistFile)
        if inspection.scriptURL == nil, let resources = findResourcesFolder(inspection, files: files, plistFile: plistFile) {
            resourcesFolder = resources
            inspection = ConfigurationCheck.inspect(plistPath: plistFile, resourcesDirectory: self.folder.appendingPathComponent(resources).path)
        }
        // The notes of `check` (which extension point, what the rule accepts) are for `check`.
        diagnostics += inspection.diagnostics.filter { $0.severity != .note }
        if let script = inspection.scriptURL?.standardizedFileURL.path, script.hasPrefix(self.folder.path + "/") {
            self.script = String(script.dropFirst(self.folder.path.count + 1))
        }
        guard let configuration = inspection.plist.configuration else { return }
        extensionPoint = configuration.extensionPointIdentifier
        findPrincipal(configuration, plistFile: plistFile, files: files)
        findOutlets()
        findUnavailableModules()
    }

    /// Xcode's Copy Bundle Resources phase copies every resource to the top of the bundle, so
    /// Safari finds `Scripts/Action.js` as `Action.js`: the preprocessing file is looked up by
    /// its name anywhere in the folder. Several files of that name (which Xcode would refuse to
    /// copy to one place) are a warning, and the shallowest is used.
    private mutating func findResourcesFolder(_ inspection: ConfigurationCheck.Result, files: [String], plistFile: String) -> String? {
        guard let value = inspection.plist.configuration?.preprocessingFile,
              inspection.diagnostics.contains(where: { $0.code == DiagnosticCode.preprocessingFileNotFound.rawValue }) else { return nil }
        let name = (value.lowercased().hasSuffix(".js") ? String(value.dropLast(3)) : value) + ".js"
        guard !name.contains("/") else { return nil }
        let matches = files.filter { $0.hasSuffix("/" + name) }
            .sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        guard let chosen = matches.first else { return nil }
        if matches.count > 1 {
            let position = inspection.plist.configuration?.attributes?["NSExtensionJavaScriptPreprocessingFile"]?.position
            diagnostics.append(Diagnostic(.preprocessingFileAmbiguous,
                "the folder has \(matches.count) files named \(name) (\(matches.joined(separator: ", "))); Xcode copies resources flat into the bundle, where only one can be; using \(chosen)",
                file: plistFile, line: position?.line, column: position?.column))
        }
        return (chosen as NSString).deletingLastPathComponent
    }

    /// Folders that are never part of a target's sources (build output, dependencies).
    static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]
    /// An extension target's folder is shallow: deeper files are not looked at, so a folder
    /// given by mistake (a home folder) is not walked to its end.
    static let maximumDepth = 6

    /// Relative paths of the regular files under `folder`, skipping hidden folders and build output.
    static func files(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        var found: [String] = []
        while let url = walker.nextObject() as? URL {
            if skippedFolders.contains(url.lastPathComponent) || walker.level > maximumDepth { walker.skipDescendants(); continue }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(folder.path + "/") else { continue }
            found.append(String(path.dropFirst(folder.path.count + 1)))
        }
        return found.sorted()
    }

    /// `Info.plist` at the top, else the shallowest `*Info.plist`.
    static func infoPlist(in files: [String]) -> String? {
        if files.contains("Info.plist") { return "Info.plist" }
        return files.filter { $0.hasSuffix("Info.plist") }.min { $0.split(separator: "/").count < $1.split(separator: "/").count }
    }

    private mutating func findPrincipal(_ configuration: ExtensionConfiguration, plistFile: String, files: [String]) {
        let plistName = folder.appendingPathComponent(infoPlist ?? "Info.plist").path
        if let written = configuration.principalClass {
            let position = configuration.raw["NSExtensionPrincipalClass"]?.position
            // `$(PRODUCT_MODULE_NAME).ActionRequestHandler`: the class is the part after the last dot.
            let name = written.split(separator: ".").last.map(String.init) ?? written
            locate(name, source: .principalClass, file: plistName, line: position?.line, column: position?.column,
                   named: "NSExtensionPrincipalClass names '\(written)'")
            return
        }
        guard let storyboardName = configuration.mainStoryboard else {
            diagnostics.append(Diagnostic(.principalClassMissing,
                "NSExtension has neither NSExtensionPrincipalClass nor NSExtensionMainStoryboard, so iOS has no class to create and the extension does not start; name the view controller or request handler with NSExtensionPrincipalClass",
                file: plistName, line: configuration.raw.position?.line, column: configuration.raw.position?.column))
            return
        }
        let position = configuration.raw["NSExtensionMainStoryboard"]?.position
        let wanted = storyboardName + ".storyboard"
        // Base.lproj/MainInterface.storyboard or a localized copy: the shallowest, Base first.
        let candidates = files.filter { $0 == wanted || $0.hasSuffix("/" + wanted) }
            .sorted { ($0.contains("Base.lproj") ? 0 : 1, $0.count) < ($1.contains("Base.lproj") ? 0 : 1, $1.count) }
        guard let storyboard = candidates.first,
              let data = FileManager.default.contents(atPath: folder.appendingPathComponent(storyboard).path) else {
            diagnostics.append(Diagnostic(.storyboardMissing,
                "NSExtensionMainStoryboard names '\(storyboardName)', but the folder has no \(wanted); iOS cannot load the extension's interface",
                file: plistName, line: position?.line, column: position?.column))
            return
        }
        let storyboardPath = folder.appendingPathComponent(storyboard).path
        let scenes = StoryboardScenes(data: data)
        if let problem = scenes.problem {
            diagnostics.append(Diagnostic(.storyboardMissing, "the storyboard cannot be read: \(problem)", file: storyboardPath,
                                          line: scenes.problemLine, column: nil))
            return
        }
        guard let initialID = scenes.initialViewController else {
            diagnostics.append(Diagnostic(.storyboardNoInitialController,
                "the storyboard has no initial view controller (no initialViewController on <document>; in Xcode: Is Initial View Controller), so iOS has nothing to show and the extension does not start",
                file: storyboardPath, line: scenes.documentLine, column: nil))
            return
        }
        guard var controller = scenes.controllers[initialID] else {
            diagnostics.append(Diagnostic(.storyboardNoInitialController,
                "initialViewController is '\(initialID)', but no view controller in the storyboard has that id",
                file: storyboardPath, line: scenes.documentLine, column: nil))
            return
        }
        if controller.customClass == nil, let root = controller.rootViewController, let rootController = scenes.controllers[root] {
            controller = rootController
        }
        guard let customClass = controller.customClass else {
            diagnostics.append(Diagnostic(.storyboardNoInitialController,
                "the initial view controller (<\(controller.element) id=\"\(controller.id)\">) has no customClass, so iOS creates a plain \(controller.element == "navigationController" ? "UINavigationController" : "UIViewController") that never reads the results nor completes the request; set its class to your view controller",
                file: storyboardPath, line: controller.line, column: nil))
            return
        }
        locate(customClass, source: .storyboard(path: storyboard), file: storyboardPath, line: controller.line, column: nil,
               named: "the storyboard's initial view controller has customClass '\(customClass)'")
    }

    /// Finds the Swift file declaring `name`, or reports that none does.
    private mutating func locate(_ name: String, source: Source, file: String, line: Int?, column: Int?, named: String) {
        // The runner that init-handler writes creates the class by its name, in code.
        guard name.range(of: "^[A-Za-z_][A-Za-z0-9_]*$", options: .regularExpression) != nil else {
            diagnostics.append(Diagnostic(.principalClassNotFound,
                "\(named.escapingControlCharacters), which is not a Swift class name (letters, digits and _); iOS cannot find such a class",
                file: file, line: line, column: column))
            return
        }
        let pattern = "(^|[^A-Za-z0-9_.])class[ \\t]+" + NSRegularExpression.escapedPattern(for: name) + "([^A-Za-z0-9_]|$)"
        // `@objc(Name) class Swift…`: iOS finds the class by the name it registers.
        let registered = "@objc\\(\\s*" + NSRegularExpression.escapedPattern(for: name) + "\\s*\\)"
        for swiftFile in swiftFiles {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(swiftFile), encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, codeLine) in lines.enumerated() where !codeLine.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                var className = name
                if codeLine.range(of: registered, options: .regularExpression) != nil {
                    let rest = [String(codeLine), index + 1 < lines.count ? String(lines[index + 1]) : ""].joined(separator: " ")
                    guard let declared = rest.range(of: "class[ \\t]+[A-Za-z_][A-Za-z0-9_]*", options: .regularExpression) else { continue }
                    className = String(rest[declared].dropFirst(5)).trimmingCharacters(in: .whitespaces)
                } else if codeLine.range(of: pattern, options: .regularExpression) == nil {
                    continue
                }
                principal = Principal(className: className, source: source, declaredIn: swiftFile)
                let path = folder.appendingPathComponent(swiftFile).path
                for condition in Self.platformConditions(enclosing: index + 1, in: lines) {
                    diagnostics.append(Diagnostic(.principalClassConditional,
                        "the principal class \(className) (line \(index + 1)) is inside `\(condition.condition)`, which Swift on Linux decides otherwise than iOS: unchanged, the class would not exist here. The package compiles a copy with os(iOS) as true and the other platforms false, as iOS compiles it",
                        file: path, line: condition.line, column: nil))
                }
                return
            }
        }
        let where_ = swiftFiles.isEmpty ? "the folder has no Swift files" : "none of \(swiftFiles.joined(separator: ", ")) declares `class \(name)`"
        diagnostics.append(Diagnostic(.principalClassNotFound,
            "\(named), but \(where_); on a device the extension crashes at launch (the class cannot be found)",
            file: file, line: line, column: column))
    }

    /// `@IBOutlet` properties: Swift on Linux rejects them (they need Objective-C). The package
    /// compiles a copy of the file without the attribute (the change is listed); the warning
    /// says the outlet is not the storyboard's view.
    private mutating func findOutlets() {
        for swiftFile in swiftFiles {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(swiftFile), encoding: .utf8) else { continue }
            for (index, codeLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = codeLine.trimmingCharacters(in: .whitespaces)
                guard !trimmed.hasPrefix("//"), let range = codeLine.range(of: "@IBOutlet") else { continue }
                diagnostics.append(Diagnostic(.ibOutletUnsupported,
                    "@IBOutlet needs the Objective-C runtime, which Swift on Linux does not have: the package compiles a copy of this file without it, and the outlet holds an empty view of its type (a UIKit view) or nil, not the storyboard's view",
                    file: folder.appendingPathComponent(swiftFile).path, line: index + 1,
                    column: codeLine.distance(from: codeLine.startIndex, to: range.lowerBound) + 1))
            }
        }
    }

    /// The modules `init-handler --from` packages can import: the stand-ins and what Swift on
    /// Linux has.
    static let availableModules: Set<String> = ["Foundation", "FoundationNetworking", "FoundationXML", "Dispatch", "Swift",
                                                 "UIKit", "Social", "MobileCoreServices", "UniformTypeIdentifiers", "os", "Glibc"]

    /// One warning naming every imported module the package cannot build (an Apple framework
    /// without a stand-in, a pod, a package of the app's repository) with the files importing
    /// it, rather than the compiler stopping at the first.
    private mutating func findUnavailableModules() {
        var importers: [String: [String]] = [:]
        for swiftFile in swiftFiles {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(swiftFile), encoding: .utf8) else { continue }
            for codeLine in text.split(separator: "\n") {
                let words = codeLine.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                      index + 1 < words.count else { continue }
                // `import struct Foo.Bar`: the module is the first part of the last word.
                let module = String(words[words.count - 1].split(separator: ".").first ?? "")
                if !module.isEmpty, !Self.availableModules.contains(module), importers[module]?.contains(swiftFile) != true {
                    importers[module, default: []].append(swiftFile)
                }
            }
        }
        guard !importers.isEmpty else { return }
        let list = importers.keys.sorted().map { "\($0) (\(importers[$0]!.joined(separator: ", ")))" }.joined(separator: "; ")
        diagnostics.append(Diagnostic(.moduleUnavailable,
            "the package cannot build these imports: \(list); the simulator provides Foundation, UIKit, Social, MobileCoreServices and UniformTypeIdentifiers only, so the build stops at the first of them",
            file: folder.path))
    }

    /// The `#if` conditions around line `line` (1-based) that Linux and iOS decide differently
    /// (`os(…)`, `targetEnvironment(…)`), with their lines.
    static func platformConditions(enclosing line: Int, in lines: [Substring]) -> [(line: Int, condition: String)] {
        var open: [(line: Int, condition: String)] = []
        for (index, codeLine) in lines.prefix(line - 1).enumerated() {
            let trimmed = codeLine.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#if") { open.append((index + 1, trimmed)) }
            else if trimmed.hasPrefix("#elseif") || trimmed.hasPrefix("#else") { if !open.isEmpty { open[open.count - 1] = (index + 1, trimmed) } }
            else if trimmed.hasPrefix("#endif") { _ = open.popLast() }
        }
        // `canImport(UIKit)` is true here too (the stand-in), so only the platform's own tests differ.
        return open.filter { $0.condition.contains("os(") || $0.condition.contains("targetEnvironment(") }
    }
}

/// The view controllers of a storyboard and which one is initial: what `init-handler --from`
/// needs of Interface Builder's XML.
struct StoryboardScenes {
    struct Controller {
        var element: String
        var id: String
        var customClass: String?
        var line: Int
        /// A navigation controller's `rootViewController` relationship.
        var rootViewController: String?
    }

    var initialViewController: String?
    var documentLine: Int?
    var controllers: [String: Controller] = [:]
    var problem: String?
    var problemLine: Int?

    init(data: Data) {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        if !parser.parse() {
            problem = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            problemLine = parser.lineNumber
        }
        initialViewController = delegate.initial
        documentLine = delegate.documentLine
        controllers = delegate.controllers
    }

    /// Elements whose name ends in `ViewController` or `Controller` (viewController,
    /// tableViewController, navigationController…) are scenes' controllers.
    private final class Delegate: NSObject, XMLParserDelegate {
        var initial: String?
        var documentLine: Int?
        var controllers: [String: Controller] = [:]
        /// The controllers being read, innermost last.
        var open: [(element: String, id: String)] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if elementName == "document" {
                initial = attributes["initialViewController"]
                documentLine = parser.lineNumber
            } else if elementName.hasSuffix("Controller"), let id = attributes["id"] {
                controllers[id] = Controller(element: elementName, id: id, customClass: attributes["customClass"],
                                             line: parser.lineNumber, rootViewController: nil)
                open.append((elementName, id))
            } else if elementName == "segue", attributes["kind"] == "relationship",
                      attributes["relationship"] == "rootViewController", let owner = open.last,
                      let destination = attributes["destination"] {
                controllers[owner.id]?.rootViewController = destination
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if let last = open.last, last.element == elementName { open.removeLast() }
        }
    }
}
