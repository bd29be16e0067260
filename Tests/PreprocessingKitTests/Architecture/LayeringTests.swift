import Foundation
import Testing
import TestSupport

/// The layers are SwiftPM targets, and each may import only the layers below it (ARCHITECTURE.md):
///
///     preprocess-sim → PreprocessSimCommandLine → PreprocessingKit → JavaScriptEngine → CJavaScriptCore
///                                                                  → HTMLParser
///                                                                  → XMLParser → CLibXML2, HTMLParser
///                                                                  → CZlib
///                                                                  → DOMBundleAssembly ← embed-js
///
/// SwiftPM hands a target the module maps of its dependencies' dependencies too, so a library
/// could `import CJavaScriptCore` through the engine and still build; this test reads every
/// source file's imports instead, and fails on a layer reaching past the one below.
@Suite struct LayeringTests {
    /// What each target's files may import, besides the platform (Foundation, Dispatch, Glibc…).
    static let allowedImports: [String: Set<String>] = [
        "JavaScriptEngine": ["CJavaScriptCore"],
        "HTMLParser": [],
        "XMLParser": ["CLibXML2", "HTMLParser"],
        "PreprocessingKit": ["JavaScriptEngine", "HTMLParser", "XMLParser", "CZlib", "DOMBundleAssembly"],
        "PreprocessSimCommandLine": ["PreprocessingKit", "HTMLParser"],
        // An extension target's imports (init-handler --from): thin layers over the kit.
        "UIKit": ["PreprocessingKit"],
        "Social": ["UIKit", "PreprocessingKit"],
        "MobileCoreServices": ["PreprocessingKit"],
        "UniformTypeIdentifiers": ["PreprocessingKit"],
        "preprocess-sim": ["PreprocessSimCommandLine"],
        "DOMBundleAssembly": [],
        "embed-js": ["DOMBundleAssembly"],
    ]
    static let importKinds: Set<String> = ["class", "struct", "enum", "protocol", "typealias", "var", "let", "func"]
    static let platformModules: Set<String> = ["Foundation", "FoundationXML", "FoundationNetworking", "Dispatch", "Glibc"]

    /// The names that are JavaScriptCore's own C types and calls: only the engine sees them.
    static let engineOnlyTokens = ["JSValueRef", "JSObjectRef", "JSGlobalContextRef", "JSContextRef", "JSStringRef",
                                   "JSContextGroupRef", "dlsym("]

    static func swiftFiles(in target: String) -> [URL] {
        let folder = Paths.repository.appendingPathComponent("Sources/\(target)")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    static func imports(of file: URL) throws -> [(line: Int, module: String)] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var found: [(Int, String)] = []
        // Imports open a file: reading stops at its first declaration, so the text of a
        // generated source inside a string literal is not mistaken for the file's own imports.
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            if words.isEmpty || words[0].hasPrefix("//") { continue }
            guard words.count >= 2, words[0] == "import" else { break }
            // `import class Module.Name` imports one declaration of Module.
            if words.count >= 3, Self.importKinds.contains(words[1]) {
                found.append((index + 1, String(words[2].split(separator: ".").first ?? "")))
            } else {
                found.append((index + 1, words[1]))
            }
        }
        return found
    }

    @Test func everyTargetFolderHasItsLayer() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Paths.repository.appendingPathComponent("Sources").path)
        let swiftTargets = folders.filter { !Self.swiftFiles(in: $0).isEmpty }
        #expect(Set(swiftTargets) == Set(Self.allowedImports.keys), "a new target needs its place in the layer table")
    }

    @Test func eachLayerImportsOnlyTheLayersBelowIt() throws {
        var violations: [String] = []
        for (target, allowed) in Self.allowedImports {
            for file in Self.swiftFiles(in: target) {
                for (line, module) in try Self.imports(of: file) where !allowed.contains(module) && !Self.platformModules.contains(module) {
                    violations.append("Sources/\(target)/\(file.lastPathComponent):\(line): imports \(module)")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func javaScriptCoreTypesStayInTheEngine() throws {
        var violations: [String] = []
        for target in Self.allowedImports.keys where target != "JavaScriptEngine" {
            for file in Self.swiftFiles(in: target) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for token in Self.engineOnlyTokens where text.contains(token) {
                    violations.append("Sources/\(target)/\(file.lastPathComponent) uses \(token)")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func theImportReaderFindsAnUpwardImport() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UUID().uuidString).swift")
        try "// A file\nimport Foundation\n\n@testable import CJavaScriptCore\n@_exported import class JavaScriptEngine.JavaScriptValue\nlet text = \"\"\"\nimport Testing\n\"\"\"\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let found = try Self.imports(of: file)
        #expect(found.map(\.module) == ["Foundation", "CJavaScriptCore", "JavaScriptEngine"])
        #expect(found.map(\.line) == [2, 4, 5])
        #expect(!Self.allowedImports["PreprocessingKit"]!.contains("CJavaScriptCore"))
    }
}
