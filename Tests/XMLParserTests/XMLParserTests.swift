import Testing
@testable import XMLParser
import HTMLParser

/// The XML parser's tree, in the html5lib-like format (`HTML5LibTreeFormat`: an XML parse puts
/// each element's namespace URI before its qualified name). The cases are those recorded from
/// WebKit in `Fixtures/dom-cases/xml-parser.json`, reduced to the tree.
@Suite struct XMLParserTests {
    static func tree(_ text: String) -> String { HTML5LibTreeFormat.document(XMLParser.parse(text).tree) }

    @Test func namespacesBecomeAttributesBeforeTheOthers() {
        #expect(Self.tree(#"<a xmlns="urn:x" xmlns:p="urn:p"><p:b p:c="1" d="2"/></a>"#) == """
            | <urn:x a>
            |   http://www.w3.org/2000/xmlns/ xmlns="urn:x"
            |   http://www.w3.org/2000/xmlns/ xmlns:p="urn:p"
            |   <urn:p p:b>
            |     urn:p p:c="1"
            |     d="2"
            """)
    }

    @Test func cdataCommentsAndProcessingInstructionsAreNodes() {
        #expect(Self.tree("<?xml-stylesheet href=\"a.css\"?><!--top--><a><![CDATA[x<y]]><?pi data?></a>") == """
            | <?xml-stylesheet href="a.css">
            | <!-- top -->
            | <a>
            |   <![CDATA[x<y]]>
            |   <?pi data>
            """)
    }

    @Test func internalEntitiesAreReplacedAndTheSubsetIsNotKept() {
        #expect(Self.tree(#"<!DOCTYPE a [<!ENTITY e "hello &amp; <b>bold</b>">]><a>&e;&lt;&#65;</a>"#) == """
            | <!DOCTYPE a>
            | <a>
            |   "hello &"
            |   <b>
            |     "bold"
            |   "<A"
            """)
    }

    @Test func htmlNamedCharactersResolveOnlyUnderAnXHTMLDoctype() {
        let xhtml = Self.tree(#"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd"><html xmlns="http://www.w3.org/1999/xhtml">&nbsp;&copy;</html>"#)
        #expect(xhtml.contains("\"\u{A0}©\""))
        let plain = XMLParser.parse("<a>&nbsp;</a>")
        #expect(plain.hasErrors)
        #expect(plain.messages == "error on line 1 at column 10: Entity 'nbsp' not defined\n")
    }

    @Test func theDeclarationIsKeptAndItsEncodingDoesNotRedecodeTheText() {
        let result = XMLParser.parse(#"<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?><a>é</a>"#)
        #expect(!result.hasErrors)
        #expect(result.tree.xml?.version == "1.0")
        #expect(result.tree.xml?.encoding == "ISO-8859-1")
        #expect(result.tree.xml?.standalone == true)
        #expect(HTML5LibTreeFormat.document(result.tree).contains("\"é\""))
        #expect(XMLParser.parse("<a/>").tree.xml?.version == nil)
    }

    // MARK: WebKit's error document

    @Test func anErrorPutsTheReportFirstInTheDocumentElementAndKeepsWhatCameBefore() {
        let result = XMLParser.parse("<a>\n<b></a>")
        #expect(result.messages == "error on line 2 at column 8: Opening and ending tag mismatch: b line 2 and a\n")
        let lines = HTML5LibTreeFormat.document(result.tree).split(separator: "\n")
        #expect(lines[0] == "| <a>")
        #expect(lines[1] == "|   <http://www.w3.org/1999/xhtml parsererror>")
        #expect(lines.suffix(2) == ["|   \"", "\"", "|   <b>"].suffix(2))
    }

    @Test func textPendingAtAFatalErrorLeavesAnEmptyTextNode() {
        // WebKit: "<a>one<b>two</c></a>" keeps "one", and `b` holds an empty text node.
        let tree = Self.tree("<a>one<b>two</c></a>")
        #expect(tree.hasSuffix("|   \"one\"\n|   <b>\n|     \"\""))
    }

    @Test func withoutADocumentElementTheReportGoesIntoANewBody() {
        let tree = Self.tree("hello")
        #expect(tree.hasPrefix("| <http://www.w3.org/1999/xhtml html>\n|   <http://www.w3.org/1999/xhtml body>\n|     <http://www.w3.org/1999/xhtml parsererror>"))
        #expect(XMLParser.parse("hello").messages == "error on line 1 at column 1: Document is empty\n")
        // Nothing at all: libxml2's push parser ends in its start state (WebKit's message too).
        #expect(XMLParser.parse("").messages == "error on line 1 at column 1: Extra content at the end of the document\n")
    }

    @Test func anSVGDocumentElementMovesIntoABodyAfterAStyledHead() {
        let tree = Self.tree(#"<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>"#)
        #expect(tree.contains("|     <http://www.w3.org/1999/xhtml style>\n|       \"html, body { height: 100% } parsererror + svg { width: 100%; height: 100% }\""))
        #expect(tree.contains("|     <http://www.w3.org/2000/svg svg>"))
    }

    @Test func namespaceErrorsDoNotStopTheParseAndWarningsAreNotListed() {
        let unbound = XMLParser.parse("<p:a><b/></p:a>")
        #expect(unbound.messages == "error on line 1 at column 5: Namespace prefix p on a is not defined\n")
        #expect(HTML5LibTreeFormat.document(unbound.tree).hasSuffix("|   <b>"))
        let warned = XMLParser.parse(#"<a xmlns:p="relative"><p:b/></a>"#)
        #expect(!warned.hasErrors)
        #expect(warned.messages.isEmpty)
    }
}

/// A page's XSLT stylesheet instruction (WebKit stops to transform; recorded on a sitemap).
@Suite struct XMLStylesheetTests {
    static let sitemap = #"<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="s.xsl"?><urlset><url/></urlset>"#

    @Test func aPageStopsAtAnXSLTStylesheetBeforeItsFirstElement() {
        let page = XMLParser.parse(Self.sitemap, asPage: true)
        #expect(!page.hasErrors)
        #expect(HTML5LibTreeFormat.document(page.tree) == #"| <?xml-stylesheet type="text/xsl" href="s.xsl">"#)
    }

    @Test func aCSSStylesheetOrDOMParsersDocumentParsesOn() {
        #expect(HTML5LibTreeFormat.document(XMLParser.parse(Self.sitemap).tree).contains("<urlset>"))
        let css = #"<?xml-stylesheet type="text/css" href="a.css"?><a/>"#
        #expect(HTML5LibTreeFormat.document(XMLParser.parse(css, asPage: true).tree).contains("<a>"))
    }
}
