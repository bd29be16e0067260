import Testing
@testable import HTMLParser

/// Behaviours real pages depend on, each shown on a small document in html5lib's tree format.
/// (The rules WebKit adds to the standard are pinned by oracle-recorded cases in
/// `PreprocessingKitTests/Fixtures/dom-cases/parser-*.json`.)
@Suite struct ParserBehaviourTests {
    /// The input stream preprocessing decodes UTF-8 itself: its units must be the standard
    /// library's, CR LF and lone CR as LF, for every UTF-8 length (1 to 4 bytes, a 4-byte
    /// scalar as a surrogate pair), NUL, and CRs at the ends.
    @Test func inputPreprocessingGivesTheStringsUTF16WithNormalizedNewlines() {
        func expected(_ text: String) -> [UInt16] {
            var units = Array(text.utf16)
            HTMLInput.normalizeNewlines(&units)
            return units
        }
        let samples = ["", "\r", "\r\n", "\n\r", "a\r\r\nb\r", "\u{0}x\u{0}", "é", "ü\r\nü", "€ 中文", "😀", "a😀\r\n🇫🇷z",
                       "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"]
        for sample in samples { #expect(HTMLInput.preprocessed(sample) == expected(sample), "\(Array(sample.unicodeScalars))") }
        // Random mixtures of all four lengths and newlines.
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = ["a", "\r", "\n", "\r\n", "ß", "\u{7FF}", "ह", "\u{FFFD}", "𝄞", "\u{10FFFF}", "<", "&amp;"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...64, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(HTMLInput.preprocessed(text) == expected(text), "\(Array(text.unicodeScalars))")
        }
    }

    func tree(_ html: String) -> String { HTML5LibTreeFormat.document(HTMLParser.parseDocument(html)) }

    @Test func whiteSpaceBeforeAFormEndTagStaysInTheForm() {
        #expect(tree("<!DOCTYPE html><div><form><input>\n  </form>x</div>") == """
        | <!DOCTYPE html>
        | <html>
        |   <head>
        |   <body>
        |     <div>
        |       <form>
        |         <input>
        |         "
          "
        |       "x"
        """)
    }

    @Test func noscriptHoldsItsSourceAsRawTextWithScriptingOn() {
        let printed = tree("<html><head><noscript><style>.a{}</style><img src=x></noscript></head><body>b</body>")
        #expect(printed.contains("|     <noscript>\n|       \"<style>.a{}</style><img src=x>\""))
        #expect(!printed.contains("<img>"))
    }

    @Test func anAttributeAfterADroppedDuplicateKeepsItsOwnName() {
        // `we` again is dropped; `'ll` is an attribute of its own.
        let printed = tree("<a do=\"\" we=\"\" or=\"\" we\n   'll=\"\" have=\"\">x</a>")
        #expect(printed.contains("'ll=\"\""))
        #expect(printed.components(separatedBy: "we=").count == 2)
    }

    @Test func controlCharactersAreKept() {
        let printed = tree("<p title='x\u{9D}'>a\u{81}b\u{9D}c\u{1}d</p>")
        #expect(printed.contains("a\u{81}b\u{9D}c\u{1}d"))
        #expect(printed.contains("title=\"x\u{9D}\""))
    }

    @Test func doctypesSetTheQuirksModeTheStandardGives() {
        #expect(HTMLParser.parseDocument("<p>no doctype").quirksMode == .quirks)
        #expect(HTMLParser.parseDocument("<!DOCTYPE html>").quirksMode == .noQuirks)
        #expect(HTMLParser.parseDocument("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">").quirksMode == .quirks)
        #expect(HTMLParser.parseDocument("<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\" \"http://www.w3.org/TR/html4/loose.dtd\">").quirksMode == .limitedQuirks)
        #expect(HTMLParser.parseDocument("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"x\">").quirksMode == .noQuirks)
    }

    @Test func fragmentsParseInTheirContext() {
        let row = HTMLParser.parseFragment("<td>a</td>", context: .init(localName: "tr"))
        #expect(HTML5LibTreeFormat.document(row) == "| <td>\n|   \"a\"")
        let path = HTMLParser.parseFragment("<circle/><p>x", context: .init(localName: "path", namespace: .svg))
        #expect(HTML5LibTreeFormat.document(path) == "| <svg circle>\n| <p>\n|   \"x\"")
        let title = HTMLParser.parseFragment("a<b>c", context: .init(localName: "title"))
        #expect(HTML5LibTreeFormat.document(title) == "| \"a<b>c\"")
    }

    @Test func aFormInsideAFormContextIsIgnored() {
        let inForm = HTMLParser.parseFragment("<form><input></form>", context: .init(localName: "div", hasFormAncestor: true))
        #expect(HTML5LibTreeFormat.document(inForm) == "| <input>")
    }

    @Test func svgAndMathMLNamesAreAdjusted() {
        let printed = tree("<svg viewbox='0 0 1 1'><foreignobject/><clippath/><a xlink:href='#q' xml:foo='1'/></svg><math definitionurl=x></math>")
        #expect(printed.contains("<svg foreignObject>"))
        #expect(printed.contains("<svg clipPath>"))
        #expect(printed.contains("viewBox=\"0 0 1 1\""))
        #expect(printed.contains("xlink href=\"#q\""))
        #expect(printed.contains("xml:foo=\"1\""), "only xml:lang and xml:space get the XML namespace")
        #expect(printed.contains("definitionURL=\"x\""))
    }

    @Test func elementsPastTheMaximumDepthBecomeSiblings() {
        let parsed = HTMLParser.parseDocument(String(repeating: "<div>", count: 600) + "X")
        var deepest = 0
        var depth = [Int32: Int]()
        depth[0] = 0
        for index in 1..<Int32(parsed.nodeCount) {
            let node = parsed.node(index)
            guard node.parent >= 0, let parentDepth = depth[node.parent] else { continue }
            depth[index] = parentDepth + 1
            if node.kind == .element { deepest = max(deepest, parentDepth + 1) }
        }
        // html, body and 510 divs: WebKit's 512 (dom-cases/parser-limits.json has the rest).
        #expect(deepest == 512)
    }

    @Test func longTextIsSplitIntoNodesOfAtMost65536CodeUnits() {
        let parsed = HTMLParser.parseDocument("<p>" + String(repeating: "a", count: 70_000) + "</p><script>" + String(repeating: "b", count: 70_000))
        let lengths = (0..<Int32(parsed.nodeCount)).filter { parsed.node($0).kind == .text }.map { parsed.textLength($0) }
        #expect(lengths == [65_536, 4_464, 70_000])
    }
}
