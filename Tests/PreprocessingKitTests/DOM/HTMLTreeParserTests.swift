import Foundation
import Testing
@testable import PreprocessingKit

@Suite struct HTMLTreeParserTests {
    func flat(_ html: String) throws -> [Any] {
        let data = Data(HTMLTreeParser.flatDocument(html: html))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
    }

    func strings(_ array: [Any]) -> [String] { array.map { "\($0)" } }

    @Test func flattensADocumentInPreOrderWithEndMarkers() throws {
        let tree = strings(try flat("<!DOCTYPE html><title>T</title><p class=a>x<b>y</b>"))
        #expect(tree == ["1", "no-quirks", "10", "html", "", "",
                         "1", "html", "0", "0",
                         "1", "head", "0", "0", "1", "title", "0", "0", "3", "T", "0", "0",
                         "1", "body", "0", "0", "1", "p", "0", "1", "class", "a", "3", "x",
                         "1", "b", "0", "0", "3", "y", "0", "0", "0", "0"])
    }

    @Test func noscriptHoldsItsRawSourceAsWithScriptingOn() throws {
        // With scripting on (Safari), <noscript> in <head> is raw text and does not push the
        // <img> into <body>.
        let tree = strings(try flat("<html><head><noscript><style>.a{}</style><img src=x></noscript></head><body>b</body>"))
        let start = try #require(tree.firstIndex(of: "noscript"))
        #expect(Array(tree[start..<(start + 6)]) == ["noscript", "0", "0", "3", "<style>.a{}</style><img src=x>", "0"])
        #expect(!tree.contains("img"))
    }

    @Test func noscriptInsideScriptTextIsLeftAlone() throws {
        let tree = strings(try flat("<script>var s = '<noscript>x</noscript>';</script>"))
        #expect(tree.contains("var s = '<noscript>x</noscript>';"))
        #expect(!tree.contains("noscript"))
    }

    @Test func svgNamesAreCaseCorrectedAndAttributesKeepTheirPrefix() throws {
        let tree = strings(try flat("<svg viewBox='0 0 1 1'><foreignObject/><a xlink:href='#q'/></svg>"))
        #expect(tree.contains("foreignObject"))
        #expect(tree.contains("xlink:href"))
        #expect(tree.contains("viewBox"))
    }

    @Test func anAttributeAfterADroppedDuplicateKeepsItsOwnName() throws {
        // salon-1: `we="" … we 'll=""`; WebKit (and the standard) drop the second `we` and keep `'ll`.
        let tree = strings(try flat("<a do=\"\" we=\"\" or=\"\" we\n   'll=\"\" have=\"\">x</a>"))
        let start = try #require(tree.firstIndex(of: "a"))
        #expect(Array(tree[(start + 2)..<(start + 13)]) == ["5", "do", "", "we", "", "or", "", "'ll", "", "have", ""])
    }

    @Test func deepNestingDoesNotRecurse() throws {
        let html = String(repeating: "<div>", count: 20_000) + "deep"
        let tree = strings(try flat(html))
        #expect(tree.contains("deep"))
    }

    @Test func fragmentsParseInTheirContext() throws {
        let data = Data(HTMLTreeParser.flatFragment(html: "<td>a</td>", contextLocalName: "tr"))
        let tree = strings(try #require(try JSONSerialization.jsonObject(with: data) as? [Any]))
        #expect(tree == ["1", "no-quirks", "1", "td", "0", "0", "3", "a", "0"])
    }

    @Test func controlCharactersSurviveAsInWebKit() throws {
        // gumbo alone turns U+0081, U+009D and U+0001 into U+FFFD; WebKit keeps them.
        let tree = strings(try flat("<p title='x\u{9D}'>a\u{81}b\u{9D}c\u{1}d</p>"))
        #expect(tree.contains("a\u{81}b\u{9D}c\u{1}d"))
        #expect(tree.contains("x\u{9D}"))
        #expect(!tree.contains { $0.contains("\u{FFFD}") })
    }

    @Test func quirksModeIsReported() throws {
        #expect(strings(try flat("<p>no doctype"))[1] == "quirks")
    }
}
