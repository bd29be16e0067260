import Foundation
import HTMLParser
import Testing
import TestSupport
@testable import PreprocessingKit

/// The parser's flat tree reaches the DOM whole (`ParsedTree`, `TreeBuilder.js`): on real
/// pages and on mutated ones, the document scripts see has every element, attribute and
/// character the parser produced, in the same order.
@Suite(.serialized) struct ParsedTreeTests {
    /// A summary both sides compute the same way: per element in document order (template
    /// contents left out, as `getElementsByTagName` leaves them), its name, namespace and
    /// attribute count; and the total length of the text nodes outside templates.
    static func parserSummary(_ tree: FlatTree) -> String {
        var names: [String] = []
        var attributes = 0
        var textLength = 0
        var stack: [Int32] = []
        var child = tree.node(tree.resultRoot).firstChild
        while true {
            if child < 0 {
                guard let parent = stack.popLast() else { break }
                child = tree.node(parent).nextSibling
                continue
            }
            let node = tree.node(child)
            if node.kind == .element {
                names.append(tree.localName(child) + "/\(node.namespace.rawValue)")
                attributes += Int(node.count)
                if node.firstChild >= 0 { stack.append(child); child = node.firstChild; continue }
            } else if node.kind == .text {
                textLength += Int(node.count)
            }
            child = node.nextSibling
        }
        return "\(names.count):\(attributes):\(textLength):\(names.joined(separator: ","))"
    }

    static let domSummary = """
    (function () {
      var names = [], attributes = 0, textLength = 0;
      var all = document.getElementsByTagName('*');
      var ns = { 'http://www.w3.org/1999/xhtml': 0, 'http://www.w3.org/2000/svg': 1, 'http://www.w3.org/1998/Math/MathML': 2 };
      for (var i = 0; i < all.length; i++) { names.push(all[i].localName + '/' + ns[all[i].namespaceURI]); attributes += all[i].attributes.length; }
      var walker = document.createTreeWalker(document, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) textLength += walker.currentNode.data.length;
      return all.length + ':' + attributes + ':' + textLength + ':' + names.join(',');
    })()
    """

    @Test func realAndMutatedPagesReachTheDOMWhole() throws {
        var random = ParsedTreeFuzz.Generator(state: 17)
        let pages = ["002", "wikipedia-2", "cnet-svg-classes", "qq", "salon-1"].compactMap {
            FileManager.default.contents(atPath: Paths.shared.appendingPathComponent("corpus/pages/\($0)/source.html").path)
        }.map { String(decoding: $0, as: UTF8.self) }
        try #require(pages.count == 5)
        var inputs = pages.map { String($0.prefix(60_000)) }
        for _ in 0..<60 {
            var units = Array(pages.randomElement(using: &random)!.utf16.prefix(20_000))
            for _ in 0..<6 {
                let at = Int.random(in: 0...units.count, using: &random)
                units.insert(contentsOf: ["<table>", "<svg><g>", "</p>", "<template>x", "&#0;", "<select>", "\u{0}", "<math><mi>",
                                          "<frameset>", "</div>", "<!--", "<plaintext>"].randomElement(using: &random)!.utf16, at: at)
            }
            inputs.append(String(decoding: units, as: UTF16.self))
        }
        var differences: [String] = []
        for (index, html) in inputs.enumerated() {
            let expected = Self.parserSummary(HTMLParser.parseDocument(html))
            let actual = try SimulatorHarness.evaluate(Self.domSummary, html: html)
            if actual != expected { differences.append("input \(index): parser \(expected.prefix(120)) ≠ DOM \(actual.prefix(120))") }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
}

enum ParsedTreeFuzz {
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
