import Foundation
import HTMLParser
import JavaScriptEngine
import Testing
import TestSupport
@testable import PreprocessingKit

/// The page's document is built on demand (`DOM/js/CONTRACT.md`, "The page's document on
/// demand"): the parser's element order is the tree's, a script that reads a page's metadata
/// makes few of its elements, one that walks the page makes them all, and a page whose
/// templates may become shadow roots is built at once. What the document then answers is held
/// to WebKit's answers by `dom-cases/page-on-demand.json` (DOMCaseTests) and by every other
/// oracle case, since each of them builds its page this way.
@Suite(.serialized) struct PageOnDemandTests {
    /// The elements under the result root in tree order and where each subtree ends, from a
    /// walk with an explicit stack (the order the DOM's element index relies on).
    static func walkedOrder(_ tree: FlatTree) -> (elements: [Int32], ends: [Int32]) {
        var elements: [Int32] = []
        var ends: [Int32] = []
        func visit(_ parent: Int32) {
            var stack: [(node: Int32, position: Int?)] = []
            var child = tree.node(parent).firstChild
            while true {
                if child < 0 {
                    guard let (node, position) = stack.popLast() else { break }
                    if let position { ends[position] = Int32(elements.count) }
                    child = tree.node(node).nextSibling
                    continue
                }
                let node = tree.node(child)
                var position: Int?
                if node.kind == .element {
                    position = elements.count
                    elements.append(child)
                    ends.append(Int32(elements.count))
                }
                if node.firstChild >= 0 {
                    stack.append((child, position))
                    child = node.firstChild
                    continue
                }
                child = node.nextSibling
            }
        }
        visit(tree.resultRoot)
        return (elements, ends)
    }

    static func sharedPage(_ name: String) throws -> String {
        let path = Paths.shared.appendingPathComponent("corpus/pages/\(name)/source.html").path
        return String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    }

    @Test func theElementOrderIsTheTreesOrder() throws {
        var inputs = try ["002", "wikipedia-2", "cnet-svg-classes", "bbc-1"].map(Self.sharedPage)
        inputs += [
            // Foster parenting, the adoption agency, templates (their content is not in the
            // order), frames, foreign content, text-only and empty documents.
            "<table><tr><td>a</td>x<div>y</div></tr></table><b><p>1<i>2</b>3</i></p>",
            "<!DOCTYPE html><template id=t><p>in<b>x</b></p></template><div><template><iframe></iframe></template></div>",
            "<svg><foreignObject><p>x</p></foreignObject><a>y</a></svg><math><mi>z</mi></math>",
            "text only", "",
        ]
        for html in inputs {
            let tree = HTMLParser.parseDocument(html)
            let order = tree.elementOrder()
            let walked = Self.walkedOrder(tree)
            #expect(order.elements == walked.elements)
            #expect(order.ends == walked.ends)
            #expect(order.positions.count == tree.nodeCount)
            for (position, node) in order.elements.enumerated() {
                #expect(order.positions[Int(node)] == Int32(position))
            }
            #expect(order.positions.filter { $0 >= 0 }.count == order.elements.count)
            #expect(!order.hasShadowRootTemplates)
        }
        #expect(HTMLParser.parseDocument("<div><template shadowrootmode=open><p>x</p></template></div>").elementOrder().hasShadowRootTemplates)
    }

    static func page(_ html: String) throws -> PageContext {
        try PageContext(html: html, configuration: .init(url: "https://example.com/"), machine: JavaScriptVirtualMachine())
    }

    /// What the benchmark's probe and most real scripts read: the title, a few `<meta>` and
    /// `<link>` elements and how many links, images and paragraphs the page has.
    static let metadataScript = """
    [document.title, (document.querySelector('meta[property="og:title"]') || {}).content,
     (document.querySelector('link[rel="canonical"]') || {}).href, document.getElementsByTagName('a').length,
     document.getElementsByTagName('img').length, document.getElementsByTagName('p').length].join('|')
    """

    @Test func aMetadataScriptMakesFewElementsAndAWalkMakesThemAll() throws {
        let page = try Self.page(try Self.sharedPage("002"))
        let installed = try page.parsedElementCounts()
        #expect(installed.parsed > 1_000)
        // The document element, and the frames and templates (this page has none).
        #expect(installed.made == 1)
        let metadata = try page.javaScript.evaluate(Self.metadataScript).stringValue
        #expect(metadata.hasSuffix("|173|3|70"))
        // The head's elements and the path to them: 35 when this was written.
        let afterMetadata = try page.parsedElementCounts()
        #expect(afterMetadata.made > 1 && afterMetadata.made * 10 < afterMetadata.parsed)
        // The body's text is read from the parse: nothing more is made.
        #expect(try page.javaScript.evaluate("document.body.textContent.length").numberValue > 1_000)
        #expect(try page.parsedElementCounts().made == afterMetadata.made)
        // Every element: every element is made.
        _ = try page.javaScript.evaluate("document.querySelectorAll('*').length")
        let afterWalk = try page.parsedElementCounts()
        #expect(afterWalk.made == afterWalk.parsed)
        #expect(try page.javaScript.evaluate("document.getElementsByTagName('*').length").numberValue == Double(afterWalk.parsed))
    }

    @Test func framesAndTemplatesAreMadeWithThePage() throws {
        let page = try Self.page("""
            <!DOCTYPE html><title>t</title><div><div><p>x</p><iframe name=a></iframe></div></div>
            <section><template><iframe name=inside></iframe></template></section><p>y</p>
            """)
        // The path to each: html; its children head and body; the body's outer div, section and
        // last paragraph; the inner div, its paragraph and the iframe; the template. The
        // title and the frame in the template's content (which is not the document's) wait or
        // do not count.
        let counts = try page.parsedElementCounts()
        #expect(counts.made == 10)
        #expect(try page.javaScript.evaluate("window.length + ':' + frames[0].name").stringValue == "1:a")
    }

    /// Markup whose serialisation has rules of its own: raw text, templates, void and foreign
    /// elements, namespaced attributes, characters that are escaped.
    static let serialisationEdges = """
        <!DOCTYPE html><html lang=en><head><title>a &amp; b</title><style>p > a { content: "<&>" }</style>
        <script>if (a < b && c > d) document.write("</p>")</script><noscript><p>no &amp; script</p></noscript></head>
        <body class="x &quot;y&quot;" data-v='<a href="q">'><!-- a comment -- with dashes -->
        <p>1 &lt; 2 &gt; 0 &nbsp;&amp; "quoted"<br><img src=x.png alt="a&quot;b"><input value=' v '></p>
        <xmp><b>raw</b> & text</xmp><iframe><p>frame text</p></iframe><noembed><b></noembed><noframes>&amp;</noframes>
        <textarea>
        leading newline</textarea><pre>
        pre</pre><listing>
        listing</listing><template id=t><td>cell &amp;</td><style>x</style></template>
        <svg viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"><foreignObject><p>in svg</p></foreignObject>
        <use xlink:href="#t" xml:lang="fr"/><desc>d &lt;</desc><clipPath><circle r=1 /></clipPath></svg>
        <math><mi>x</mi><annotation-xml encoding="text/html"><b>b</b></annotation-xml></math>
        <table><tr><td>c</td></tr></table><plaintext><b>all &amp; the rest
        """

    /// Where two texts first differ, with a little of each from there.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let a = Array(a.utf16), b = Array(b.utf16)
        var i = 0
        while i < min(a.count, b.count) && a[i] == b[i] { i += 1 }
        func excerpt(_ units: [UInt16]) -> String { String(decoding: units[max(0, i - 30)..<min(units.count, i + 50)], as: UTF16.self) }
        return "at UTF-16 offset \(i): \(excerpt(a).debugDescription) vs \(excerpt(b).debugDescription)"
    }

    /// Serialising what is not made, and its text, read the parse: the markup and the text are
    /// the made nodes', and reading them makes nothing.
    @Test func markupAndTextOfWhatIsNotMadeComeFromTheParse() throws {
        let machine = JavaScriptVirtualMachine()
        let folder = Paths.shared.appendingPathComponent("corpus/pages").path
        var inputs = [Self.serialisationEdges, "<p>x", ""]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name + "/source.html") else { continue }
            inputs.append(String(decoding: data, as: UTF8.self))
        }
        #expect(inputs.count > 80)
        for html in inputs {
            let page = try PageContext(html: html, configuration: .init(url: "https://example.com/"), machine: machine)
            let installed = try page.parsedElementCounts()
            let both = "document.documentElement.outerHTML + '\\u0000' + document.body.innerHTML + '\\u0000' + document.documentElement.textContent + '\\u0000' + document.body.textContent"
            let fromParse = try page.javaScript.evaluate(both).stringValue
            // The head and body themselves (the path to the body), nothing below them.
            #expect(try page.parsedElementCounts().made <= installed.made + 2)
            // Part of the tree made: a query makes the path to what it returns.
            let mixed = try page.javaScript.evaluate("document.querySelectorAll('p, a, td, svg *').length; document.documentElement.outerHTML").stringValue
            let mixedText = try page.javaScript.evaluate("document.documentElement.textContent").stringValue
            _ = try page.javaScript.evaluate("document.querySelectorAll('*').length")
            let all = try page.parsedElementCounts()
            #expect(all.made == all.parsed)
            let fromNodes = try page.javaScript.evaluate(both).stringValue
            // Compared as booleans: a page's whole markup in a failure says less than where it differs.
            let sameFromParse = fromParse == fromNodes
            #expect(sameFromParse, "\(html.prefix(60)): \(Self.firstDifference(fromParse, fromNodes))")
            let sameMixed = fromNodes.hasPrefix(mixed + "\u{0}")
            #expect(sameMixed, "\(html.prefix(60)): \(Self.firstDifference(mixed, fromNodes))")
            let textFromNodes = try page.javaScript.evaluate("document.documentElement.textContent").stringValue
            let sameMixedText = mixedText == textFromNodes
            #expect(sameMixedText, "\(html.prefix(60)): \(Self.firstDifference(mixedText, textFromNodes))")
        }
    }

    @Test func aPageWithAShadowRootTemplateIsBuiltAtOnce() throws {
        let page = try Self.page("<!DOCTYPE html><div id=h><template shadowrootmode=open><p>in</p></template>light</div>")
        #expect(try page.parsedElementCounts() == (made: 0, parsed: 0))
        #expect(try page.javaScript.evaluate("document.getElementById('h').shadowRoot.innerHTML").stringValue == "<p>in</p>")
    }
}
