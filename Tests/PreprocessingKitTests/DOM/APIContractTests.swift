import Foundation
import Testing
import TestSupport
@testable import JavaScriptEngine
@testable import PreprocessingKit

/// The Swift–JavaScript contract is declared once: `install.js`'s frozen api object, the table in
/// `CONTRACT.md`, and the calls Swift's sources make must name the same members.
@Suite struct APIContractTests {
    static func page() throws -> PageContext {
        try PageContext(html: "<!DOCTYPE html><title>t</title><p>x", configuration: .init(url: "https://example.com/"),
                        machine: JavaScriptVirtualMachine())
    }

    /// The members of the api object the bundle evaluates to, in declaration order.
    static func declaredMembers(_ page: PageContext) throws -> [String] {
        let keys = try page.javaScript.evaluate("(function (api) { return Object.keys(api).join(' '); })").call([page.api])
        return keys.stringValue.split(separator: " ").map(String.init)
    }

    /// The first column of CONTRACT.md's api table: `name(arguments)`.
    static func documentedMembers() throws -> [String] {
        let text = try String(contentsOf: Paths.repository.appendingPathComponent("Sources/PreprocessingKit/DOM/js/CONTRACT.md"), encoding: .utf8)
        guard let start = text.range(of: "## api ") else { return [] }
        let section = text[start.upperBound...]
        var names: [String] = []
        for line in section.split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `"), let open = line.firstIndex(of: "("), let tick = line.firstIndex(of: "`") else { continue }
            names.append(String(line[line.index(after: tick)..<open]))
        }
        return names
    }

    /// Every `api.invoke("name"` in the library's sources, with the files that make it.
    static func calledMembers() throws -> [String: Set<String>] {
        let folder = Paths.repository.appendingPathComponent("Sources/PreprocessingKit")
        var calls: [String: Set<String>] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            var rest = text[...]
            while let found = rest.range(of: "api.invoke(\"") {
                let name = rest[found.upperBound...].prefix { $0 != "\"" }
                calls[String(name), default: []].insert(file.lastPathComponent)
                rest = rest[found.upperBound...]
            }
        }
        return calls
    }

    /// The first column of CONTRACT.md's host table.
    static func documentedHostCalls() throws -> Set<String> {
        let text = try String(contentsOf: Paths.repository.appendingPathComponent("Sources/PreprocessingKit/DOM/js/CONTRACT.md"), encoding: .utf8)
        guard let start = text.range(of: "## host ") else { return [] }
        var names: Set<String> = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `"), let open = line.firstIndex(of: "("), let tick = line.firstIndex(of: "`") else { continue }
            names.insert(String(line[line.index(after: tick)..<open]))
        }
        return names
    }

    /// Every name `pattern`'s first group captures in the files of `folder` with `suffix`.
    static func captures(_ pattern: String, in folder: String, suffix: String) throws -> Set<String> {
        let expression = try NSRegularExpression(pattern: pattern)
        let root = Paths.repository.appendingPathComponent(folder)
        var names: Set<String> = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.lastPathComponent.hasSuffix(suffix) else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { names.insert(String(text[range])) }
            }
        }
        return names
    }

    @Test func theHostTableSwiftsHostAndTheDOMsCallsAgree() throws {
        let documented = try Self.documentedHostCalls()
        let given = try Self.captures(#"host\.setProperty\("([A-Za-z]+)""#, in: "Sources/PreprocessingKit/DOM", suffix: ".swift")
        let called = try Self.captures(#"\bhost\.([A-Za-z]+)\s*\("#, in: "Sources/PreprocessingKit/DOM/js", suffix: ".js")
        #expect(!documented.isEmpty)
        #expect(documented == given, "CONTRACT.md's host table and PageContext's host differ: \(documented.symmetricDifference(given).sorted())")
        #expect(called.isSubset(of: given), "called but not given: \(called.subtracting(given).sorted())")
    }

    @Test func everyCallIsMadeFromTheOneAPIFile() throws {
        for (name, files) in try Self.calledMembers() {
            let allowed: Set<String> = name == "installPage" || name == "preparePage" ? ["PageContext.swift"] : ["PageContext+API.swift"]
            #expect(files == allowed, "\(name) is called from \(files.sorted())")
        }
    }

    @Test func theApiCannotBeChangedAfterTheBundleMadeIt() throws {
        let page = try Self.page()
        let frozen = try page.javaScript.evaluate("(function (api) { return Object.isFrozen(api); })").call([page.api])
        #expect(frozen.booleanValue)
    }
}
