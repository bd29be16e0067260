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

    /// `registerHTMLElement(HTMLMetaElement, "meta")` in a function group would register nothing
    /// until the group loaded: its files may only declare (an interface group's may run statements).
    @Test func aGroupFileWithATopLevelStatementIsRefused() throws {
        let files = ["core.js": "const table = {};\nfunction use() { return helper(); }\n",
                     "group.js": "function helper() { return 1; }\ntable.helper = helper;\n"]
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("core.js\n[g]\ngroup.js\n[end]\n", files) }
        var declaring = files
        declaring["group.js"] = "function helper() { return 1; }\nconst LIMITS = { a: [1, 2], b: f(3) };\nclass Box {}\n"
        #expect(try Self.assemble("core.js\n[g]\ngroup.js\n[end]\n", declaring).groups.first?.exports == ["helper"])
    }

    /// An interface group's files may run statements (when it loads), its classes and functions
    /// are named in the core's LAZY_GROUP_MEMBERS and returned by its program, its element
    /// registrations become one core line where the group stands, and its loader hands what it
    /// returns to `interfaceGroupLoaded`.
    @Test func anInterfaceGroupRunsStatementsAndNamesItsMembersToTheCore() throws {
        let files = [
            "first.js": "function registerHTMLElement(c, ...tags) {}\n",
            "tables.js": "class TableThing {}\nfunction rowsOf(t) { return []; }\nregisterHTMLElement(TableThing, \"table\", \"tbody\");\nTableThing.ready = true;\n",
            "last.js": "function use() { return rowsOf(1); }\n",
        ]
        let assembly = try Self.assemble("first.js\n[tables interfaces]\ntables.js\n[end]\nlast.js\n", files)
        let group = try #require(assembly.groups.first)
        #expect(group.holdsInterfaces && group.classes == ["TableThing"] && group.members == ["TableThing", "rowsOf"])
        #expect(group.exports == ["rowsOf"])
        #expect(group.source.contains("return {rowsOf, TableThing}; })"))
        #expect(assembly.core.contains("const LAZY_GROUP_MEMBERS = Object.freeze({TableThing: loadLazyGroup_tables, rowsOf: loadLazyGroup_tables});"))
        #expect(assembly.core.contains("lazyGroup_tables ??= interfaceGroupLoaded(host.evaluateLazyGroup(\"tables\")"))
        // The registration stands between the files around the group, and the line table still
        // maps each file's lines.
        let registration = try #require(assembly.core.range(of: "registerLazyHTMLElements(loadLazyGroup_tables, [[\"TableThing\", \"table\", \"tbody\"]]);\n"))
        #expect(assembly.core[..<registration.lowerBound].hasSuffix("function registerHTMLElement(c, ...tags) {}\n"))
        #expect(assembly.core[registration.upperBound...].hasPrefix("function use() {"))
        let lines = assembly.core.split(separator: "\n", omittingEmptySubsequences: false)
        let last = try #require(assembly.files.first { $0.name == "last.js" })
        #expect(lines[last.firstLine - 1] == "function use() { return rowsOf(1); }")
        // A plain group still refuses statements; an interface group still refuses outside uses of its classes.
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("first.js\n[tables]\ntables.js\n[end]\nlast.js\n", files) }
        var outside = files
        outside["last.js"] = "function use() { return new TableThing(); }\n"
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("first.js\n[tables interfaces]\ntables.js\n[end]\nlast.js\n", outside) }
        #expect(throws: DOMBundleAssembly.Failure.self) { try Self.assemble("first.js\n[tables views]\ntables.js\n[end]\n", files) }
    }

    /// A page's window has every interface from the start; one an interface group holds is an
    /// accessor until it is first read or its group loads (for an element of its class, or a
    /// function of its group), then the class in a data property, as WebKit's window has it.
    @Test func interfaceGroupsLoadWhenTheirInterfacesAreReached() throws {
        let page = try Self.page(Self.article)
        let names = try page.javaScript.evaluate("Object.getOwnPropertyNames(window).filter(function (n) { return /^(XMLSerializer|DOMParser|CSSStyleDeclaration|HTMLTableElement|HTMLButtonElement|fetch|XMLHttpRequest)$/.test(n); }).join()")
        #expect(names.stringValue == "CSSStyleDeclaration,XMLSerializer,DOMParser,HTMLButtonElement,HTMLTableElement,fetch,XMLHttpRequest")
        #expect(try page.javaScript.evaluate("typeof Object.getOwnPropertyDescriptor(window, 'XMLSerializer').get").stringValue == "function")
        #expect(page.loadedLazyGroups == [])
        let serialized = try page.javaScript.evaluate("new XMLSerializer().serializeToString(document.getElementById('a'))")
        #expect(serialized.stringValue.hasPrefix("<p xmlns=\"http://www.w3.org/1999/xhtml\" id=\"a\">"))
        #expect(page.loadedLazyGroups == ["markup"])
        let descriptor = try page.javaScript.evaluate("var d = Object.getOwnPropertyDescriptor(window, 'DOMParser'); [d.value === DOMParser, d.writable, d.enumerable, d.configurable, Object.prototype.toString.call(new DOMParser())].join()")
        #expect(descriptor.stringValue == "true,true,false,true,[object DOMParser]")
        // An element of a class in a group loads it, and the window's interface is that class.
        _ = try page.javaScript.evaluate("document.body.innerHTML += '<table id=t><tr><td>x</td></tr></table>'")
        #expect(page.loadedLazyGroups == ["markup", "tables"])
        #expect(try page.javaScript.evaluate("[document.getElementById('t') instanceof HTMLTableElement, document.getElementById('t').rows.length, Object.getOwnPropertyDescriptor(window, 'HTMLTableElement').value === HTMLTableElement, Object.prototype.toString.call(document.querySelector('td'))].join()").stringValue == "true,1,true,[object HTMLTableCellElement]")
        // A page that sets a name first keeps its value when the group loads.
        _ = try page.javaScript.evaluate("window.HTMLButtonElement = 42; document.body.appendChild(document.createElement('button'))")
        #expect(page.loadedLazyGroups == ["markup", "tables", "forms"])
        #expect(try page.javaScript.evaluate("HTMLButtonElement + ':' + document.querySelector('button').type").stringValue == "42:submit")
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
        // The declaration getComputedStyle returns is a CSSStyleDeclaration, of the style group.
        #expect(page.loadedLazyGroups == ["rendering", "layout", "style"])
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
