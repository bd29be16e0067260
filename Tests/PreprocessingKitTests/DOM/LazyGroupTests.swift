import DOMBundleAssembly
import Foundation
import Testing
import TestSupport
@testable import JavaScriptEngine
@testable import PreprocessingKit

/// The DOM's lazy groups: the assembler's imports, exports and refusals, and pages that load a
/// group only when their code reaches it, with the same answers as when it was part of the core.
@Suite struct LazyGroupTests {
    /// Files by name for the assembler.
    static func assemble(_ order: String, _ files: [String: String]) throws -> DOMBundleAssembly {
        try DOMBundleAssembly.assemble(order: order, compact: false) { name in
            guard let text = files[name] else { throw DOMBundleAssembly.Failure(description: "no \(name)") }
            return text
        }
    }

    static let twoFiles = [
        "core.js": "const table = [1, 2, 3];\nfunction double(x) { return 2 * x; }\nconst answer = () => measure(table);\n",
        "group.js": "function measure(values) { return values.map(double).reduce((a, b) => a + b, 0) + offset(); }\nfunction offset() { return table.length; }\n",
    ]

    @Test func importsAreTheCoreNamesAGroupReadsAndExportsTheFunctionsOthersCall() throws {
        let assembly = try Self.assemble("core.js\n[sizes]\ngroup.js\n[end]\n", Self.twoFiles)
        let group = try #require(assembly.groups.first)
        #expect(group.name == "sizes")
        #expect(group.imports == ["double", "table"])
        // `offset` is called only inside the group: no stub for it.
        #expect(group.exports == ["measure"])
        #expect(assembly.files.map(\.name) == ["core.js", "group.js"])
        #expect(assembly.core.contains("function measure(...args) { return loadLazyGroup_sizes().measure(...args); }"))
    }

    @Test func aStubLoadsTheGroupOnceAndCallsTheRealFunction() throws {
        let order = "core.js\n[sizes]\ngroup.js\n[end]\n"
        var files = Self.twoFiles
        files["core.js"]! += "answer() + ':' + answer() + ':' + loads;\n"
        let assembly = try Self.assemble(order, files)
        let context = JavaScriptContext()
        let host = context.makeObject()
        let group = try #require(assembly.groups.first)
        try host.setProperty("evaluateLazyGroup", context.makeFunction(name: "evaluateLazyGroup") { [unowned context] _ in
            try context.evaluate("loads += 1;", sourceURL: "count")
            return try context.evaluate(JavaScriptSource(group.source, sourceURL: "group", firstLine: group.firstLine))
        })
        try context.globalObject.setProperty(DOMBundleAssembly.hostProperty, host)
        _ = try context.evaluate("var loads = 0;", sourceURL: "setup")
        let value = try context.evaluate(JavaScriptSource(assembly.core, sourceURL: "core"))
        #expect(value.stringValue == "15:15:1")
    }

    @Test func aGroupReadingACoreLetIsRefused() {
        var files = Self.twoFiles
        files["core.js"] = "let table = [1];\nfunction double(x) { return x; }\nfunction answer() { return measure(table); }\n"
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("core.js\n[sizes]\ngroup.js\n[end]\n", files) }
    }

    @Test func aGroupConstantUsedOutsideTheGroupIsRefused() {
        let files = ["core.js": "function f() { return LIMIT; }\n", "group.js": "const LIMIT = 3;\n"]
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("core.js\n[g]\ngroup.js\n[end]\n", files) }
    }

    /// `registerHTMLElement(HTMLMetaElement, "meta")` in a group would register nothing until
    /// the group loaded: a group's files may only declare.
    @Test func aGroupFileWithATopLevelStatementIsRefused() throws {
        let files = ["core.js": "const table = {};\nfunction use() { return helper(); }\n",
                     "group.js": "function helper() { return 1; }\ntable.helper = helper;\n"]
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("core.js\n[g]\ngroup.js\n[end]\n", files) }
        var declaring = files
        declaring["group.js"] = "function helper() { return 1; }\nconst LIMITS = { a: [1, 2], b: f(3) };\nclass Box {}\n"
        #expect(try Self.assemble("core.js\n[g]\ngroup.js\n[end]\n", declaring).groups.first?.exports == ["helper"])
    }

    @Test func aTopLevelDestructuringDeclarationIsRefused() {
        let files = ["core.js": "const { a, b } = { a: 1, b: 2 };\n"]
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("core.js\n", files) }
    }

    @Test func declaratorListsAndMemberNamesAreReadRight() {
        let scan = JavaScriptCompactor.scan("const A = 1, B = f(x, y), C = [D, E];\nlet q = a.b?.c, r = ...s;\nfor (let i = 0; i < 2; i++) {}\nfunction* gen() {}\n")
        #expect(scan.declared == ["A": "const", "B": "const", "C": "const", "q": "let", "r": "let", "gen": "function"])
        #expect(scan.referenced.isSuperset(of: ["f", "x", "y", "D", "E", "a", "s"]))
        #expect(!scan.referenced.contains("b") && !scan.referenced.contains("c"))
        // The `for` loop is a statement; the declarations are not.
        #expect(scan.statementLines == [3])
        let statements = JavaScriptCompactor.scan("function f() { g(); }\nregister(f, \"a\");\nconst x = 1;\n(function () {})();\nx.y = 2;\n")
        #expect(statements.statementLines == [2, 4, 5])
    }

    static func page(_ html: String) throws -> PageContext {
        try PageContext(html: html, configuration: .init(url: "https://example.com/"), machine: JavaScriptVirtualMachine())
    }

    static let article = "<!DOCTYPE html><title>t</title><style>p { color: red }</style><p id=a>Hello <b>world</b></p><img src=x.png width=20 height=10>"

    /// A typical preprocessing script (title, URL, meta, links) needs no group.
    @Test func metadataScriptsLoadNoGroup() throws {
        let page = try Self.page(Self.article)
        _ = try page.javaScript.evaluate("[document.title, document.URL, location.hostname, document.querySelectorAll('a, img, meta').length, document.body.textContent].join()")
        #expect(page.loadedLazyGroups == [])
    }

    @Test func innerTextLoadsRenderingAndGeometryLoadsLayout() throws {
        let page = try Self.page(Self.article)
        let text = try page.javaScript.evaluate("document.getElementById('a').innerText")
        #expect(text.stringValue == "Hello world")
        #expect(page.loadedLazyGroups == ["rendering"])
        let width = try page.javaScript.evaluate("document.querySelector('img').getBoundingClientRect().width")
        #expect(width.stringValue == "20")
        #expect(page.loadedLazyGroups == ["rendering", "layout"])
        let color = try page.javaScript.evaluate("getComputedStyle(document.getElementById('a')).color")
        #expect(color.stringValue == "rgb(255, 0, 0)")
        #expect(page.loadedLazyGroups == ["rendering", "layout"])
    }

    /// An exception inside a group's code names the group file and its own line.
    @Test func aGroupsLinesMapToItsFiles() throws {
        let group = try #require(DOMBundle.lazyGroups.first { $0.name == "layout" })
        let file = try #require(DOMBundle.files.first { $0.name == "layoutFonts.js" })
        #expect(file.firstLine == group.firstLine + 1)
        let location = try #require(PageContext.bundleLocation(line: file.firstLine + 4))
        #expect(location.file == "layoutFonts.js" && location.line == 5)
    }
}
